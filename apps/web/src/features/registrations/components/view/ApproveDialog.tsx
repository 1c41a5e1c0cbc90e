import type { RegistrationDetail } from '@fc/contracts';
import { Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useApproveRegistration } from '../../api/approve-registration';
import { useCalendarDate, useMoney } from '../shared/format';

/**
 * POST /onboarding/{id}/approve after a confirmation that says what will be created. A refusal
 * (409: a web address taken since, or decided meanwhile) is shown as the API says it; nothing
 * was created, and the record is read again.
 */
export function ApproveDialog({ registration: r, onClose }: { registration: RegistrationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const date = useCalendarDate();
  const mutation = useApproveRegistration(r.id);
  const { organization: org, team, contacts, fundraising: fund } = r.answers;
  const items = [
    org?.mode === 'new'
      ? t(`registrations.approve.newOrg.${org.type}`, { name: org.name })
      : t('registrations.approve.existingOrg', { name: r.organizationName ?? '' }),
    t('registrations.approve.team', { name: team?.name ?? r.teamName ?? '' }),
    t('registrations.approve.admin', { email: contacts?.admin.email ?? r.registrantDetails.email }),
    fund
      ? t('registrations.approve.campaign', {
          goal: money(fund.goalCents),
          start: date(fund.startDate),
          end: date(fund.endDate),
        })
      : t('registrations.approve.campaignPlain'),
    r.salesperson ? t('registrations.approve.salesperson', { name: r.salesperson.name }) : null,
  ].filter((x): x is string => Boolean(x));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('registrations.approve.done'));
        onClose();
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="approve-dialog"
      titleId="approve-dialog-title"
      title={t('registrations.approve.title', { name: team?.name ?? r.teamName ?? '' })}
      mutation={mutation}
      errorTestId="approve-error"
      submitLabel={t('registrations.approve.submit')}
      submitTestId="approve-confirm"
      maxWidth="sm"
    >
      <Typography>{t('registrations.approve.intro')}</Typography>
      <Typography component="ul" sx={{ m: 0, pl: 3 }} data-testid="approve-creates">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Typography>
      <Typography color="text.secondary">{t('registrations.approve.once')}</Typography>
    </FormDialog>
  );
}
