import { type RegistrationDetail, rejectRegistrationBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useRejectRegistration } from '../../api/reject-registration';

/** POST /onboarding/{id}/reject with a required reason, which is e-mailed to the registrant in their language. */
export function RejectDialog({ registration: r, onClose }: { registration: RegistrationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useRejectRegistration(r.id);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(rejectRegistrationBodySchema, { error: zodErrorMap(t) }),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit((v) =>
    mutation.mutate(v.reason.trim(), {
      onSuccess: () => {
        toast.success(t('registrations.reject.done'));
        onClose();
      },
      onError: (error) => applyFieldErrors(error, form.setError, ['reason']),
    }),
  );
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="reject-dialog"
      titleId="reject-dialog-title"
      title={t('registrations.reject.title', { name: r.teamName ?? `#${r.id}` })}
      mutation={mutation}
      errorTestId="reject-error"
      submitLabel={t('registrations.reject.submit')}
      submitTestId="reject-confirm"
    >
      <Alert severity="info">
        {t('registrations.reject.explain', {
          email: r.registrantDetails.email,
          language: t(`languages.${r.language}`),
        })}
      </Alert>
      <FormTextField
        {...form.register('reason')}
        label={t('registrations.fields.reason')}
        required
        autoFocus
        fullWidth
        multiline
        minRows={3}
        fieldError={form.formState.errors.reason}
        testId="reject-reason"
      />
    </FormDialog>
  );
}
