import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Avatar,
  Button,
  Card,
  CardContent,
  Divider,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/api/forms';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useRegisterPlayer, useRegistration } from '../api/registration';
import { ParentFields } from './register/ParentFields';
import { PlayerFields, playerOptions } from './register/PlayerFields';
import { emptyValues, NEW_PLAYER, type RegisterValues, registerSchema, toBody } from './register/registerForm';
import { PublicMessage } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

const FIELDS = [
  'divisionId',
  'firstName',
  'lastName',
  'birthDate',
  'parentFirstName',
  'parentLastName',
  'email',
  'phone',
  'password',
];

/**
 * `/register/{organization}/player[/{fundraiser}]`: a family joins a division. Without a session
 * the parent's account is created; signed in, the player is added to (or, with `{fundraiser}`,
 * an own player re-registered for) this organization. Ends on the family home, signed in.
 */
export function RegisterPlayerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const organization = params.organization ?? '';
  const { user } = useAuth();
  const info = useRegistration(organization, user?.id ?? null);
  useDocumentTitle(t('public.register.title'));
  if (info.isPending) {
    return (
      <PublicShell narrow>
        <Skeleton variant="rounded" height={420} sx={{ mt: 4 }} data-testid="public-skeleton" />
      </PublicShell>
    );
  }
  if (info.isError) {
    return (
      <PublicMessage
        testId="register-not-found"
        title={
          isApiError(info.error) && info.error.status === 404
            ? t('public.register.notFoundTitle')
            : t('misc.errorTitle')
        }
        body={
          isApiError(info.error) && info.error.status === 404
            ? t('public.notFound.body')
            : errorMessage(info.error, t('errors.generic'))
        }
      />
    );
  }
  return <RegisterForm organization={organization} info={info.data.data} preselect={params.fundraiser} />;
}

function RegisterForm({
  organization,
  info,
  preselect,
}: {
  organization: string;
  info: NonNullable<ReturnType<typeof useRegistration>['data']>['data'];
  preselect: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAuth();
  const mutation = useRegisterPlayer(organization);
  const signedIn = info.signedInAs !== null;
  const own = info.myPlayers.some((p) => String(p.id) === preselect);
  const schema = useMemo(() => registerSchema(t, signedIn), [t, signedIn]);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...emptyValues(own && preselect ? preselect : NEW_PLAYER),
      divisionId: info.divisions.length === 1 ? String(info.divisions[0]!.id) : '',
    },
  });
  const { errors } = form.formState;
  const divisionId = Number(form.watch('divisionId'));
  const player = form.watch('player');
  const loginPath = `/login?returnTo=${encodeURIComponent(location.pathname)}`;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(toBody(values, signedIn), {
      onSuccess: (res) => {
        signIn(res);
        navigate('/fundraisers/home', { replace: true });
      },
      onError: (err) => applyFieldErrors(err, form.setError, FIELDS, { playerId: 'player' }),
    }),
  );

  return (
    <PublicShell brand={info.organization.name} logoUrl={info.organization.logoUrl} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar
              src={info.organization.logoUrl ?? undefined}
              alt=""
              variant="rounded"
              sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
            >
              {info.organization.name.charAt(0)}
            </Avatar>
            <div>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
                {t('public.register.title')}
              </Typography>
              <Typography color="text.secondary">
                {t('public.register.subtitle', { organization: info.organization.name })}
              </Typography>
            </div>
          </Stack>
          {info.divisions.length === 0 ? (
            <Alert severity="info" data-testid="register-closed">
              {t('public.register.noDivisions')}
            </Alert>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-label={t('public.register.title')}>
              <Stack spacing={2.5}>
                {mutation.isError ? (
                  <Alert
                    severity="error"
                    data-testid="register-error"
                    action={
                      isApiError(mutation.error) && mutation.error.code === 'ACCOUNT_EXISTS' ? (
                        <Button component={RouterLink} to={loginPath} color="inherit" size="small">
                          {t('auth.signIn')}
                        </Button>
                      ) : undefined
                    }
                  >
                    {errorMessage(mutation.error, t('errors.generic'))}
                  </Alert>
                ) : null}
                {signedIn ? (
                  <Alert severity="success" icon={false} data-testid="register-signed-in-as">
                    {t('public.signedInAs', {
                      name: `${info.signedInAs!.firstName} ${info.signedInAs!.lastName}`,
                      email: info.signedInAs!.email,
                    })}
                  </Alert>
                ) : null}
                <Controller
                  control={form.control}
                  name="divisionId"
                  render={({ field }) => (
                    <TextField
                      {...field}
                      select
                      label={t('public.register.division')}
                      error={Boolean(errors.divisionId)}
                      helperText={errors.divisionId?.message}
                      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reg-division' } as object } }}
                    >
                      {info.divisions.map((d) => (
                        <MenuItem key={d.id} value={String(d.id)}>
                          {d.teamName ? `${d.teamName} · ${d.name}` : d.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                {signedIn && info.myPlayers.length > 0 ? (
                  <Controller
                    control={form.control}
                    name="player"
                    render={({ field }) => (
                      <TextField
                        {...field}
                        select
                        label={t('public.register.whichPlayer')}
                        error={Boolean(errors.player)}
                        helperText={errors.player?.message}
                        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reg-player' } as object } }}
                      >
                        {playerOptions(info, divisionId, t('public.register.newPlayer')).map((o) => (
                          <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
                            {o.disabled ? t('public.register.alreadyOn', { name: o.label }) : o.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                ) : null}
                {!signedIn || player === NEW_PLAYER ? (
                  <>
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {t('public.register.playerSection')}
                    </Typography>
                    <PlayerFields register={form.register} control={form.control} errors={errors} />
                  </>
                ) : null}
                {!signedIn ? (
                  <>
                    <Divider />
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {t('public.register.parentSection')}
                    </Typography>
                    <ParentFields register={form.register} errors={errors} />
                  </>
                ) : null}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={mutation.isPending}
                  data-testid="reg-submit"
                >
                  {t('public.register.submit')}
                </Button>
                {!signedIn ? (
                  <Typography variant="body2" sx={{ textAlign: 'center' }}>
                    {t('auth.haveAccount')}{' '}
                    <Link component={RouterLink} to={loginPath}>
                      {t('public.register.signInFirst')}
                    </Link>
                  </Typography>
                ) : null}
              </Stack>
            </form>
          )}
        </CardContent>
      </Card>
    </PublicShell>
  );
}
