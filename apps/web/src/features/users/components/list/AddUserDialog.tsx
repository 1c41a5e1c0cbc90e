import {
  CREATABLE_ROLES,
  type CreateUserBody,
  createUserBodySchema,
  isOrgRole,
  isStaffRole,
  ORG_ROLE_NODE_TYPE,
} from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { LANGUAGES } from '../../../../lib/i18n';
import { translateFieldError, zodErrorMap } from '../../../../lib/i18n/validation';
import { useCreateUser } from '../../api/create-user';
import { useOrganizationOptions } from '../../api/get-organization-options';

type FormValues = z.input<typeof createUserBodySchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'role', 'organizationId', 'phone', 'language'] as const;

/** "Add user": the server creates the account and e-mails an invitation. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const mutation = useCreateUser();
  const form = useForm<FormValues, unknown, CreateUserBody>({
    resolver: zodResolver(createUserBodySchema, { error: zodErrorMap(t) }),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      language: i18n.language === 'es' ? 'es' : 'en',
    },
  });
  const { errors } = form.formState;
  const role = form.watch('role');
  const orgRole = isOrgRole(role);
  const options = useOrganizationOptions(open && orgRole);
  // Only Super Admin may hand out staff roles; the server refuses it for anyone else too.
  const roles = CREATABLE_ROLES.filter((r) => user?.role === 'super_admin' || !isStaffRole(r));
  const orgOptions = orgRole ? (options.data?.data ?? []).filter((o) => o.typeId === ORG_ROLE_NODE_TYPE[role]) : [];

  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { ...body, phone: body.phone || undefined, organizationId: orgRole ? body.organizationId : undefined },
      {
        onSuccess: () => {
          toast.success(t('users.created'));
          close();
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error, t('errors.generic')));
        },
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="add-user-title"
      fullWidth
      maxWidth="sm"
      data-testid="add-user-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="add-user-title">{t('users.addUser')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mutation.isError ? (
              <Alert severity="error">{errorMessage(mutation.error, t('errors.generic'))}</Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.register('firstName')}
                label={t('fields.firstName')}
                fullWidth
                error={Boolean(errors.firstName)}
                helperText={errors.firstName?.message}
                slotProps={{ htmlInput: { 'data-testid': 'add-user-first-name' } }}
              />
              <TextField
                {...form.register('lastName')}
                label={t('fields.lastName')}
                fullWidth
                error={Boolean(errors.lastName)}
                helperText={errors.lastName?.message}
                slotProps={{ htmlInput: { 'data-testid': 'add-user-last-name' } }}
              />
            </Stack>
            <TextField
              {...form.register('email')}
              label={t('fields.email')}
              type="email"
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              slotProps={{ htmlInput: { 'data-testid': 'add-user-email' } }}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.role')}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  error={Boolean(errors.role)}
                  helperText={errors.role?.message}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'add-user-role' } as object } }}
                >
                  {roles.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`roles.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {orgRole ? (
              <Controller
                control={form.control}
                name="organizationId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('fields.organization')}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    onBlur={field.onBlur}
                    error={Boolean(errors.organizationId) || options.isError}
                    helperText={
                      translateFieldError(t, errors.organizationId?.message) ??
                      (options.isError
                        ? errorMessage(options.error, t('errors.generic'))
                        : orgOptions.length === 0 && !options.isLoading
                          ? t('users.noOrganizations')
                          : undefined)
                    }
                    slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'add-user-organization' } as object } }}
                  >
                    {orgOptions.map((o) => (
                      <MenuItem key={o.id} value={o.id}>
                        {o.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.register('phone')}
                label={t('fields.phone')}
                type="tel"
                fullWidth
                error={Boolean(errors.phone)}
                helperText={errors.phone?.message}
              />
              <Controller
                control={form.control}
                name="language"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('fields.language')}
                    value={field.value ?? 'en'}
                    onChange={(e) => field.onChange(e.target.value)}
                  >
                    {LANGUAGES.map((l) => (
                      <MenuItem key={l} value={l}>
                        {t(`languages.${l}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending} data-testid="add-user-submit">
            {t('users.sendInvitation')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
