import { createFeeRequestBodySchema, type FeeRequest } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '../../../../../components/ui/DateField';
import { FormDialog } from '../../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../../components/ui/moneyAdornment';
import { useToast } from '../../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../../lib/api/forms';
import { zodErrorMap } from '../../../../../lib/i18n/validation';
import { amountError, amountInput, amountToCents, parseAmount } from '../../../../../lib/money';
import { useCreateFeeRequest, useUpdateFeeRequest } from '../../../api/fee-requests';

const FIELDS = ['label', 'amount', 'dueDate'] as const;
const ALIASES = { amountCents: 'amount' };

interface FeeRequestDialogProps {
  campaignId: number;
  /** The request being edited; a new one otherwise. */
  fee: FeeRequest | null;
  onClose: () => void;
}

/** Add (POST /fee_requests) or edit (PUT /fee_requests/{id}) an amount asked of each family. */
export function FeeRequestDialog({ campaignId, fee, onClose }: FeeRequestDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateFeeRequest(campaignId);
  const update = useUpdateFeeRequest(campaignId);
  const mutation = fee ? update : create;
  const schema = useMemo(
    () =>
      z
        .object({ label: createFeeRequestBodySchema.shape.label, amount: z.string(), dueDate: z.string() })
        .superRefine((v, ctx) => {
          const r = parseAmount(v.amount);
          const refused = amountError(t, r, t('campaigns.fees.amountInvalid'));
          if (refused || !r.ok || r.cents < 100)
            ctx.addIssue({ code: 'custom', path: ['amount'], message: refused ?? t('campaigns.fees.amountInvalid') });
        }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: {
      label: fee?.label ?? '',
      amount: amountInput(fee?.amountCents),
      dueDate: fee?.dueDate?.slice(0, 10) ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((v) => {
    const body = { label: v.label.trim(), amountCents: amountToCents(v.amount) ?? 0, dueDate: v.dueDate || null };
    const handlers = {
      onSuccess: () => {
        toast.success(fee ? t('campaigns.fees.saved') : t('campaigns.fees.added'));
        onClose();
      },
      onError: (error: unknown) => {
        applyFieldErrors(error, form.setError, FIELDS, ALIASES);
      },
    };
    if (fee) update.mutate({ id: fee.id, ...body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="fee-request-dialog"
      titleId="fee-request-title"
      title={fee ? t('campaigns.fees.editTitle') : t('campaigns.fees.addTitle')}
      mutation={mutation}
      submitLabel={fee ? t('common.save') : t('campaigns.fees.add')}
      submitTestId="fee-request-submit"
      maxWidth="xs"
    >
      <FormTextField
        {...form.register('label')}
        label={t('campaigns.fees.label')}
        placeholder={t('campaigns.fees.labelExample')}
        required
        autoFocus
        fullWidth
        fieldError={errors.label}
        testId="fee-label"
      />
      <FormTextField
        {...form.register('amount')}
        label={t('campaigns.fees.amount')}
        required
        fullWidth
        fieldError={errors.amount}
        slotProps={{ input: moneyAdornment() }}
        testId="fee-amount"
      />
      <FormDateField
        control={form.control}
        name="dueDate"
        label={t('campaigns.fees.dueDate')}
        fullWidth
        fieldError={errors.dueDate}
        testId="fee-due-date"
      />
    </FormDialog>
  );
}
