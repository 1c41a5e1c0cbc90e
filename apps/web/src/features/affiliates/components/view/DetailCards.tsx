import type { AffiliateDetail } from '@fc/contracts';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../../components/ui/Figure';
import { EmptyState } from '../../../../components/ui/States';
import { useMoney } from '../../../../lib/format';
import { StateChip } from '../shared/Chips';
import { useProgramTerms } from '../shared/useProgramTerms';
import { DeclineDialog, PayDialog } from './PaymentDialogs';

export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

export function useDateText() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return (iso: string | null) => (iso ? f.format(new Date(iso)) : '—');
  }, [i18n.language]);
}

/** Pending, approved, paid, clawback and payable; Super Admin marks the approved commissions paid. */
export function BalancesCard({ affiliate: a, manage }: { affiliate: AffiliateDetail; manage: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [paying, setPaying] = useState(false);
  const b = a.balances;
  return (
    <Section
      title={t('affiliates.balances.title')}
      testId="affiliate-balances"
      action={
        manage ? (
          <Button
            variant="contained"
            onClick={() => setPaying(true)}
            disabled={b.approvedCents <= 0}
            data-testid="affiliate-pay"
          >
            {t('affiliates.pay.open')}
          </Button>
        ) : null
      }
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 2 }}>
        <Figure label={t('affiliates.balances.pending')} value={money(b.pendingCents)} testId="balance-pending" />
        <Figure label={t('affiliates.balances.approved')} value={money(b.approvedCents)} testId="balance-approved" />
        <Figure label={t('affiliates.balances.paid')} value={money(b.paidCents)} testId="balance-paid" />
        <Figure label={t('affiliates.balances.clawback')} value={money(b.clawbackCents)} testId="balance-clawback" />
        <Figure label={t('affiliates.balances.payable')} value={money(b.payableCents)} testId="balance-payable" />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('affiliates.balances.minimum', { amount: money(b.minPayoutCents) })}
      </Typography>
      {paying ? <PayDialog affiliate={a} onClose={() => setPaying(false)} /> : null}
    </Section>
  );
}

/** The programs offered and accepted, with their terms version. */
export function OffersCard({ affiliate: a }: { affiliate: AffiliateDetail }) {
  const { t } = useTranslation();
  const date = useDateText();
  const terms = useProgramTerms();
  const programs = new Map(a.programsDetail.map((p) => [p.id, p]));
  return (
    <Section title={t('affiliates.offers.title')} testId="affiliate-offers">
      {a.offers.length === 0 ? <EmptyState message={t('affiliates.offers.empty')} /> : null}
      <Stack spacing={1.5}>
        {a.offers.map((o) => {
          const p = programs.get(o.programId);
          return (
            <Box
              key={o.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              data-testid={`offer-${o.id}`}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{o.programName}</Typography>
                <StateChip
                  label={t(`affiliates.offerStatus.${o.status}`)}
                  color={o.status === 'accepted' ? 'success' : o.status === 'offered' ? 'primary' : 'default'}
                />
              </Stack>
              {p ? <Typography variant="body2">{terms(p)}</Typography> : null}
              <Typography variant="body2" color="text.secondary">
                {o.acceptedAt
                  ? t('affiliates.offers.accepted', { date: date(o.acceptedAt), v: o.acceptedTermsVersion })
                  : t('affiliates.offers.offered', { date: date(o.createdAt), v: o.termsVersion })}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}

/** The payout requests; Super Admin declines an open one with a reason (paying it is "Mark paid"). */
export function PayoutRequestsCard({ affiliate: a, manage }: { affiliate: AffiliateDetail; manage: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateText();
  const [declining, setDeclining] = useState(false);
  return (
    <Section title={t('affiliates.requests.title')} testId="affiliate-requests">
      {a.payoutRequests.length === 0 ? <EmptyState message={t('affiliates.requests.empty')} /> : null}
      <Stack spacing={1}>
        {a.payoutRequests.map((r) => (
          <Stack
            key={r.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, alignItems: { sm: 'center' } }}
            data-testid={`request-${r.id}`}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{money(r.amountCents)}</Typography>
                <StateChip
                  label={t(`affiliates.requestStatus.${r.status}`)}
                  color={r.status === 'paid' ? 'success' : r.status === 'requested' ? 'warning' : 'default'}
                />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[
                  t('affiliates.requests.asked', { date: date(r.createdAt) }),
                  r.note,
                  r.reference,
                  r.resolvedAt ? t('affiliates.requests.resolved', { date: date(r.resolvedAt) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            {manage && r.status === 'requested' ? (
              <Button color="error" variant="outlined" onClick={() => setDeclining(true)} data-testid="request-decline">
                {t('affiliates.decline.open')}
              </Button>
            ) : null}
          </Stack>
        ))}
      </Stack>
      {declining ? <DeclineDialog affiliate={a} onClose={() => setDeclining(false)} /> : null}
    </Section>
  );
}
