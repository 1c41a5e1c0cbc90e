import {
  CREATABLE_ROLES,
  type CreateUserBody,
  createUserBodySchema,
  isOrgRole,
  isStaffRole,
  ORG_ROLE_NODE_TYPE,
} from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, NameFields, SelectField } from '../../../../components/ui/FormFields';
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
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      testId="add-user-dialog"
      titleId="add-user-title"
      title={t('users.addUser')}
      mutation={mutation}
      submitLabel={t('users.sendInvitation')}
      submitTestId="add-user-submit"
      fullScreenOnPhones={false}
    >
      <NameFields
        first={{ ...form.register('firstName'), fieldError: errors.firstName, testId: 'add-user-first-name' }}
        last={{ ...form.register('lastName'), fieldError: errors.lastName, testId: 'add-user-last-name' }}
      />
      <FormTextField
        {...form.register('email')}
        label={t('fields.email')}
        type="email"
        fieldError={errors.email}
        testId="add-user-email"
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <SelectField
            label={t('fields.role')}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            fieldError={errors.role}
            testId="add-user-role"
            options={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        )}
      />
      {orgRole ? (
        <Controller
          control={form.control}
          name="organizationId"
          render={({ field }) => (
            <SelectField
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
              testId="add-user-organization"
              options={orgOptions.map((o) => ({ value: o.id, label: o.name }))}
            />
          )}
        />
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          {...form.register('phone')}
          label={t('fields.phone')}
          type="tel"
          fullWidth
          fieldError={errors.phone}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <SelectField
              fullWidth
              label={t('fields.language')}
              value={field.value ?? 'en'}
              onChange={(e) => field.onChange(e.target.value)}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
