import type { DonationDetail, DonationStatus } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '@mui/material';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField, SelectField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { useChangeDonationStatus } from '../../api/change-status';
import { STATUS_NAMES, statusName } from '../shared/format';

const FIELDS = ['status', 'reason'] as const;

/**
 * PUT /donation/{id}/status/{status}: one of the statuses the server allows from here, with the
 * reason; the dialog says what changes and its button names the new status (the confirmation).
 */
export function StatusDialog({ donation: d, onClose }: { donation: DonationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useChangeDonationStatus(d.id);
  const schema = useMemo(
    () =>
      z.object({
        status: z.union([z.literal(''), z.number()]).refine((v) => v !== '', t('donations.statusChange.pick')),
        reason: z.string().trim().min(3, t('donations.reasonRequired')).max(500),
      }),
    [t],
  );
  type Values = z.input<typeof schema>;
  const only = d.allowedStatuses.length === 1 ? d.allowedStatuses[0] : undefined;
  const form = useForm<Values>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: { status: only ?? '', reason: '' },
  });
  const { errors } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'status' });
  const fromName = t(`donations.status.${statusName(d.status, d.refundedCents)}`);
  const toName = chosen === '' ? '' : t(`donations.status.${STATUS_NAMES[chosen as DonationStatus]}`);

  const onSubmit = form.handleSubmit((v) => {
    if (v.status === '') return;
    const status = v.status as DonationStatus;
    mutation.mutate(
      { status, reason: v.reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('donations.statusChange.done', { status: t(`donations.status.${STATUS_NAMES[status]}`) }));
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS);
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="status-dialog"
      titleId="status-dialog-title"
      title={t('donations.statusChange.title')}
      mutation={mutation}
      errorTestId="status-error"
      submitLabel={
        toName ? t('donations.statusChange.submit', { status: toName }) : t('donations.statusChange.submitPlain')
      }
      submitTestId="status-confirm"
      maxWidth="xs"
    >
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <SelectField
            label={t('donations.statusChange.newStatus')}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required
            fullWidth
            fieldError={errors.status}
            options={d.allowedStatuses.map((s) => ({ value: s, label: t(`donations.status.${STATUS_NAMES[s]}`) }))}
            testId="donation-status-select"
          />
        )}
      />
      <FormTextField
        {...form.register('reason')}
        label={t('donations.reason')}
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus={only !== undefined}
        fieldError={errors.reason}
        testId="status-reason"
      />
      {toName ? (
        <Alert severity="warning" data-testid="status-summary">
          {t(d.method === 'offline' ? 'donations.statusChange.summaryOffline' : 'donations.statusChange.summary', {
            from: fromName,
            to: toName,
          })}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
