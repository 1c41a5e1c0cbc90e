import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../format';

/** Gift, covered processing fee (when any) and total, as a definition list. */
export function SummaryLines({
  amountCents,
  coverFeeCents,
  totalCents,
  giftLabel,
  totalTestId,
  amountTestId,
}: {
  amountCents: number;
  coverFeeCents: number;
  totalCents: number;
  giftLabel?: string | undefined;
  totalTestId?: string | undefined;
  amountTestId?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const row = { display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 } as const;
  return (
    <Box component="dl" sx={{ m: 0, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Box sx={row}>
        <Typography component="dt">{giftLabel ?? t('public.checkout.gift')}</Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid={amountTestId}>
          {usd(amountCents)}
        </Typography>
      </Box>
      {coverFeeCents > 0 ? (
        <Box sx={row}>
          <Typography component="dt">{t('public.checkout.processingFee')}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {usd(coverFeeCents)}
          </Typography>
        </Box>
      ) : null}
      {/* A border, not an <hr>: a definition list holds only its groups. */}
      <Box sx={{ ...row, mt: 0.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {t('public.checkout.total')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={totalTestId}>
          {usd(totalCents)}
        </Typography>
      </Box>
    </Box>
  );
}
