import type { DonationDetail } from '@fc/contracts';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../shared/format';
import { DetailList, DetailRow } from './DetailList';

/** What the donor gave and paid, what the processor kept, what went back, and what counts. */
export function AmountsCard({ donation: d }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refunded = d.refundedCents + d.refundedFeeCents;
  return (
    <Card component="section" aria-labelledby="donation-amounts-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="donation-amounts-title" sx={{ mb: 1 }}>
          {t('donations.amounts.title')}
        </Typography>
        <DetailList testId="donation-amounts">
          <DetailRow label={t('donations.amounts.gift')} testId="donation-amount-gift">
            {money(d.amountCents)}
          </DetailRow>
          <DetailRow label={t('donations.amounts.coverFee')} testId="donation-amount-cover-fee">
            {money(d.coverFeeCents)}
          </DetailRow>
          <DetailRow label={t('donations.amounts.charged')} testId="donation-amount-charged">
            {money(d.amountCents + d.coverFeeCents)}
          </DetailRow>
          <DetailRow label={t('donations.amounts.processingFee')} testId="donation-amount-processing-fee">
            {d.method === 'offline' ? t('donations.amounts.none') : money(d.processingFeeCents)}
          </DetailRow>
          <DetailRow label={t('donations.amounts.refunded')} testId="donation-amount-refunded">
            {money(refunded)}
            {refunded > 0 ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('donations.amounts.refundedSplit', {
                  gift: money(d.refundedCents),
                  fee: money(d.refundedFeeCents),
                })}
              </Typography>
            ) : null}
          </DetailRow>
          <DetailRow label={t('donations.amounts.net')} strong testId="donation-amount-net">
            {money(d.netCents)}
          </DetailRow>
        </DetailList>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {d.method === 'card' && (d.status === 1 || d.status === 3)
            ? t('donations.amounts.refundableNote', { amount: money(d.refundableCents) })
            : t('donations.amounts.netNote')}
        </Typography>
      </CardContent>
    </Card>
  );
}
