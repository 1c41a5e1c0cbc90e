import type { LoginResponse } from '@fc/contracts';
import { Alert, Button, Card, CardContent, Divider, Link, Skeleton, Stack, Typography } from '@mui/material';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api/errors';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useAcceptInvite, useInvite } from '../api/invitation';
import { isNotFound } from '../api/retry';
import { CreateAccountForm } from './invite/CreateAccountForm';
import { InviteSummary } from './invite/InviteSummary';
import { PublicMessage } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

const FAMILY_HOME = '/fundraisers/home';

/** The email and password sign-in form: the auth feature's, handed in by app/ (decision 015). */
export type SignInForm = ComponentType<{
  label: string;
  submitLabel: string;
  testIdPrefix: string;
  onSignedIn: (res: LoginResponse) => void;
}>;

/**
 * `/onboarding/campaign/accept-invite/{cfid}?token=` and `/onboarding/player/{cfid}?token=`: a
 * parent accepts a player's campaign invitation, creating an account or signing in first, and
 * lands on the family home signed in.
 */
export function AcceptInvitePage({ SignInForm }: { SignInForm: SignInForm }) {
  const { t } = useTranslation();
  const cfid = Number(useParams().cfid ?? '');
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle(t('public.invite.title'));
  if (!Number.isInteger(cfid) || cfid <= 0 || token.length < 16) {
    return (
      <PublicMessage
        testId="invite-missing"
        title={t('public.invite.missingTitle')}
        body={t('public.invite.missingBody')}
        action={
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('auth.signIn')}
          </Button>
        }
      />
    );
  }
  return <InviteFlow cfid={cfid} token={token} SignInForm={SignInForm} />;
}

function InviteFlow({ cfid, token, SignInForm }: { cfid: number; token: string; SignInForm: SignInForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, signIn } = useAuth();
  const info = useInvite(cfid, token);
  const accept = useAcceptInvite(cfid);
  const [signingIn, setSigningIn] = useState(false);

  const finish = (res: LoginResponse) => {
    signIn(res);
    navigate(FAMILY_HOME, { replace: true });
  };
  const acceptAsCaller = () => accept.mutate({ token }, { onSuccess: finish });

  if (info.isPending) {
    return (
      <PublicShell narrow>
        <Skeleton variant="rounded" height={320} sx={{ mt: 4 }} data-testid="public-skeleton" />
      </PublicShell>
    );
  }
  if (info.isError) {
    return (
      <PublicMessage
        testId="invite-invalid"
        title={isNotFound(info.error) ? t('public.invite.invalidTitle') : t('misc.errorTitle')}
        body={isNotFound(info.error) ? t('public.invite.invalidBody') : errorMessage(info.error, t('errors.generic'))}
        action={
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('auth.signIn')}
          </Button>
        }
      />
    );
  }
  const i = info.data.data;
  // Signed in as someone else than the invited parent: offer the sign-in form straight away.
  const wrongAccount = isApiError(accept.error) && accept.error.code === 'INVITE_OTHER_ACCOUNT';
  const showSignIn = signingIn || wrongAccount || (!user && i.hasAccount);
  return (
    <PublicShell brand={i.organizationName} logoUrl={i.logoImage} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={3}>
            <InviteSummary info={i} />
            <Typography>{t('public.invite.what')}</Typography>
            {accept.isError ? (
              <Alert severity="error" data-testid="invite-error">
                {errorMessage(accept.error, t('errors.generic'))}
              </Alert>
            ) : null}
            <Divider />
            {user && !showSignIn ? (
              <Stack spacing={2}>
                <Typography data-testid="invite-signed-in-as">
                  {t('public.signedInAs', { name: `${user.firstName} ${user.lastName}`, email: user.email })}
                </Typography>
                <Button
                  variant="contained"
                  size="large"
                  onClick={acceptAsCaller}
                  disabled={accept.isPending}
                  data-testid="invite-accept"
                >
                  {t('public.invite.accept')}
                </Button>
                <Link
                  component="button"
                  type="button"
                  onClick={() => setSigningIn(true)}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('public.invite.otherAccount')}
                </Link>
              </Stack>
            ) : showSignIn ? (
              <Stack spacing={2}>
                <Typography component="h2" variant="h6">
                  {t('public.invite.signInTitle')}
                </Typography>
                <Typography color="text.secondary">
                  {i.hasAccount ? t('public.invite.hasAccount', { email: i.emailHint }) : t('public.invite.signInAny')}
                </Typography>
                <SignInForm
                  label={t('public.invite.signInForm')}
                  testIdPrefix="invite-login"
                  submitLabel={t('public.invite.signInAccept')}
                  onSignedIn={(res) => {
                    signIn(res);
                    setSigningIn(false);
                    acceptAsCaller();
                  }}
                />
                {!i.hasAccount && !user ? (
                  <Link
                    component="button"
                    type="button"
                    onClick={() => setSigningIn(false)}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('public.invite.createInstead')}
                  </Link>
                ) : null}
              </Stack>
            ) : (
              <Stack spacing={2}>
                <Typography component="h2" variant="h6">
                  {t('public.invite.createTitle')}
                </Typography>
                <Typography color="text.secondary">{t('public.invite.createBody', { email: i.emailHint })}</Typography>
                <CreateAccountForm
                  defaults={{ firstName: i.parentFirstName ?? '', lastName: i.parentLastName ?? '' }}
                  pending={accept.isPending}
                  submitLabel={t('public.invite.createAccept')}
                  onSubmit={(v) => accept.mutateAsync({ token, ...v }).then(finish)}
                />
                <Link
                  component="button"
                  type="button"
                  onClick={() => setSigningIn(true)}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('public.invite.haveAccount')}
                </Link>
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
