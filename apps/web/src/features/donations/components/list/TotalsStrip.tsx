import type { DonationTotals } from '@fc/contracts';
import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { count, useMoney } from '../shared/format';

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <Typography variant="h6" component="span" sx={{ fontWeight: 600, display: 'block' }} data-testid={testId}>
          {value}
        </Typography>
        {note ? (
          <Typography variant="caption" color="text.secondary">
            {note}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** Figures for every donation the filters match (not only the page shown). */
export function TotalsStrip({ totals }: { totals: DonationTotals | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Box
      component="section"
      aria-label={t('donations.totals.label')}
      aria-busy={!totals}
      data-testid="donations-totals"
      sx={{ mb: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Box
        component={totals ? 'dl' : 'div'}
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {totals ? (
          <>
            <Figure
              label={t('donations.totals.count')}
              value={count(totals.count)}
              note={t('donations.totals.completed', { count: totals.completed })}
              testId="donations-total-count"
            />
            <Figure
              label={t('donations.totals.gross')}
              value={money(totals.amountCents)}
              testId="donations-total-gross"
            />
            <Figure
              label={t('donations.totals.coverFee')}
              value={money(totals.coverFeeCents)}
              testId="donations-total-cover-fee"
            />
            <Figure
              label={t('donations.totals.refunded')}
              value={money(totals.refundedCents)}
              testId="donations-total-refunded"
            />
            <Figure label={t('donations.totals.net')} value={money(totals.netCents)} testId="donations-total-net" />
          </>
        ) : (
          ['count', 'gross', 'fee', 'refunded', 'net'].map((k) => <Skeleton key={k} variant="rounded" height={48} />)
        )}
      </Box>
    </Box>
  );
}
