import { rejectLogoBodySchema, type Sponsor } from '@fc/contracts';
import { Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FormDialog } from '../../../components/ui/FormDialog';
import { FormTextField } from '../../../components/ui/FormFields';
import { useToast } from '../../../components/ui/ToastProvider';
import { errorMessage } from '../../../lib/api/errors';
import { applyFieldErrors } from '../../../lib/api/forms';
import { useMoney } from '../../../lib/money';
import { useApproveLogo, useRefundSponsorship, useRejectLogo } from '../api/sponsors';
import { checkBody } from './validate';

export type SponsorDialogState = { kind: 'approve' | 'reject' | 'refund'; sponsor: Sponsor } | null;

const label = (s: Sponsor) => s.displayName ?? s.businessName ?? `${s.buyer.firstName} ${s.buyer.lastName}`;

/** A random id for one dialog opening (a repeated submit reuses it: one refund). */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function ApproveDialog({ sponsor, onClose }: { sponsor: Sponsor; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const approve = useApproveLogo();
  return (
    <ConfirmDialog
      open
      title={t('sponsorships.logo.approveTitle')}
      message={t('sponsorships.logo.approveMessage', { name: label(sponsor) })}
      confirmLabel={t('sponsorships.logo.approve')}
      busy={approve.isPending}
      onClose={onClose}
      onConfirm={() =>
        approve.mutate(sponsor.id, {
          onSuccess: (res) => {
            toast.success(res.message || t('sponsorships.logo.approved'));
            onClose();
          },
          onError: (e) => toast.error(errorMessage(e, t('errors.generic'))),
        })
      }
    />
  );
}

/** Reject a logo: the reason is required (it is e-mailed to the buyer). */
export function RejectDialog({ sponsor, onClose }: { sponsor: Sponsor; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useRejectLogo(sponsor.id);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((v) => {
    const body = checkBody(rejectLogoBodySchema, { reason: v.reason }, form.setError, t);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message || t('sponsorships.logo.rejected'));
        onClose();
      },
      onError: (e) => applyFieldErrors(e, form.setError, ['reason']),
    });
  });
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="reject-dialog"
      titleId="reject-dialog-title"
      title={t('sponsorships.logo.rejectTitle', { name: label(sponsor) })}
      mutation={mutation}
      submitLabel={t('sponsorships.logo.reject')}
      submitTestId="reject-submit"
      maxWidth="sm"
    >
      <Typography variant="body2">{t('sponsorships.logo.rejectHelp')}</Typography>
      <FormTextField
        {...form.register('reason')}
        label={t('sponsorships.fields.reason')}
        required
        fullWidth
        multiline
        minRows={3}
        fieldError={form.formState.errors.reason}
        testId="reject-reason"
      />
    </FormDialog>
  );
}

/** Refund the whole payment (the donations' refund call); the unit returns to inventory. */
function RefundDialog({ sponsor, onClose }: { sponsor: Sponsor; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useRefundSponsorship();
  const [requestKey] = useState(newRequestKey);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((v) => {
    if (v.reason.trim().length < 3) {
      form.setError('reason', { type: 'client', message: t('sponsorships.refund.reasonRequired') });
      return;
    }
    mutation.mutate(
      { donationId: sponsor.donationId, reason: v.reason.trim(), requestKey },
      {
        onSuccess: (res) => {
          toast.success(res.message || t('sponsorships.refund.done'));
          onClose();
        },
        onError: (e) => applyFieldErrors(e, form.setError, ['reason']),
      },
    );
  });
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="refund-dialog"
      titleId="refund-dialog-title"
      title={t('sponsorships.refund.title')}
      mutation={mutation}
      submitLabel={t('sponsorships.refund.confirm', { amount: money(sponsor.priceCents - sponsor.refundedCents) })}
      submitTestId="refund-submit"
      maxWidth="sm"
    >
      <Typography variant="body2">
        {t('sponsorships.refund.message', {
          amount: money(sponsor.priceCents - sponsor.refundedCents),
          name: label(sponsor),
          opportunity: sponsor.opportunityName,
        })}
      </Typography>
      <FormTextField
        {...form.register('reason')}
        label={t('sponsorships.fields.reason')}
        required
        fullWidth
        fieldError={form.formState.errors.reason}
        testId="refund-reason"
      />
    </FormDialog>
  );
}

/** The open row action's dialog. */
export function SponsorDialogs({ state, onClose }: { state: SponsorDialogState; onClose: () => void }) {
  if (!state) return null;
  const key = `${state.kind}-${state.sponsor.id}`;
  if (state.kind === 'approve') return <ApproveDialog key={key} sponsor={state.sponsor} onClose={onClose} />;
  if (state.kind === 'reject') return <RejectDialog key={key} sponsor={state.sponsor} onClose={onClose} />;
  return <RefundDialog key={key} sponsor={state.sponsor} onClose={onClose} />;
}
