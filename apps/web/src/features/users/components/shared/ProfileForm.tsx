import { type UserDetail, updateUserBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NameFields } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { LANGUAGES } from '../../../../lib/i18n';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useUpdateUser } from '../../api/update-user';
import { useSyncSelf } from './useSyncSelf';

type Values = z.input<typeof updateUserBodySchema>;
const FIELDS = ['firstName', 'lastName', 'phone', 'language'] as const;

interface ProfileFormProps {
  user: UserDetail;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Names, phone and language of a user (PATCH /user with id). */
export function ProfileForm({ user, onSaved, onCancel }: ProfileFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateUser();
  const syncSelf = useSyncSelf();
  const form = useForm<Values, unknown, z.output<typeof updateUserBodySchema>>({
    resolver: zodResolver(updateUserBodySchema, { error: zodErrorMap(t) }),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      language: user.language,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { ...body, id: user.id, phone: body.phone ? body.phone : null },
      {
        onSuccess: (res) => {
          syncSelf(res.data);
          toast.success(t('users.saved'));
          onSaved?.();
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error, t('errors.generic')));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('users.editProfile')}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <NameFields
          first={{ ...form.register('firstName'), autoComplete: 'given-name', fieldError: errors.firstName }}
          last={{ ...form.register('lastName'), autoComplete: 'family-name', fieldError: errors.lastName }}
        />
        <TextField
          {...form.register('phone')}
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <TextField
              select
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
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
          <Button type="submit" variant="contained" disabled={mutation.isPending} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
