import type { DonationDetail } from '@fc/contracts';
import {
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { readableChipSx } from '../shared/DonationStatusChip';
import { useDateTime, useMoney } from '../shared/format';

const COLOR: Record<string, 'success' | 'warning' | 'error'> = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'error',
};

/** Refunds asked of the provider for this donation (none: the card is not shown). */
export function RefundsCard({ donation }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const dateTime = useDateTime();
  if (donation.refunds.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="donation-refunds-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="donation-refunds-title" sx={{ mb: 1 }}>
          {t('donations.refunds.title')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-labelledby="donation-refunds-title" data-testid="donation-refunds">
            <TableHead>
              <TableRow>
                <TableCell>{t('donations.fields.date')}</TableCell>
                <TableCell align="right">{t('donations.fields.amount')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell>{t('donations.refunds.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {donation.refunds.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.createdAt)}</TableCell>
                  <TableCell align="right">{money(r.amountCents)}</TableCell>
                  <TableCell>
                    <Chip
                      sx={readableChipSx}
                      size="small"
                      color={COLOR[r.status] ?? 'default'}
                      label={r.status in COLOR ? t(`donations.refunds.status.${r.status}`) : r.status}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{r.reason ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
