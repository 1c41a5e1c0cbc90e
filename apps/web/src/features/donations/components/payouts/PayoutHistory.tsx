import type { Payout, Transfer } from '@fc/contracts';
import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, PhoneCard } from '../../../../components/ui/gridLayout';
import { EmptyState } from '../../../../components/ui/States';
import { readableChipSx } from '../shared/DonationStatusChip';
import { useCalendarDate, useDateTime, useMoney } from '../shared/format';

const COLOR: Record<string, 'success' | 'warning' | 'error'> = {
  succeeded: 'success',
  paid: 'success',
  pending: 'warning',
  in_transit: 'warning',
  failed: 'error',
};
const KNOWN = new Set(['succeeded', 'paid', 'pending', 'in_transit', 'failed']);

function StatusCell({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      sx={readableChipSx}
      size="small"
      color={COLOR[status] ?? 'default'}
      label={KNOWN.has(status) ? t(`donations.payouts.status.${status}`) : status}
    />
  );
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8rem' } as const;

interface HistoryProps {
  kind: 'transfers' | 'payouts';
  rows: (Transfer | Payout)[];
}

/** Transfers to the node's account, or payouts to its bank, newest first. */
export function PayoutHistory({ kind, rows }: HistoryProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const dateTime = useDateTime();
  const calendar = useCalendarDate();
  const titleId = `payouts-${kind}-title`;
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const sorted = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const reference = (r: Transfer | Payout) => ('providerPayoutId' in r ? r.providerPayoutId : r.providerTransferId);
  const failure = (r: Transfer | Payout) =>
    r.failureMessage ? (
      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
        {r.failureMessage}
      </Typography>
    ) : null;
  // On a phone each row is a card (issue 12: when, how much, its status; the arrival date and the
  // reference under them). Elsewhere the table scrolls sideways when narrow; its container is
  // focusable so the keyboard can scroll it.
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600, mb: 1 }}>
        {t(`donations.payouts.${kind}Title`)}
      </Typography>
      {sorted.length === 0 ? (
        <EmptyState message={t(`donations.payouts.${kind}Empty`)} />
      ) : isPhone ? (
        <Box
          component="ul"
          aria-labelledby={titleId}
          data-testid={`payouts-${kind}`}
          sx={{ listStyle: 'none', m: 0, px: 1.5, py: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {sorted.map((r) => {
            const ref = reference(r);
            const arrival = 'arrivalDate' in r && r.arrivalDate ? calendar(r.arrivalDate) : null;
            return (
              <Box
                component="li"
                key={r.id}
                sx={{ '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
              >
                <PhoneCard
                  title={dateTime(r.createdAt)}
                  subtitle={
                    <>
                      {arrival ? `${t('donations.payouts.arrival')}: ${arrival}` : null}
                      {arrival && ref ? ' · ' : null}
                      {ref ? (
                        <Box component="span" sx={mono}>
                          {ref}
                        </Box>
                      ) : null}
                    </>
                  }
                  value={money(r.amountCents)}
                  status={<StatusCell status={r.status} />}
                  below={failure(r)}
                />
              </Box>
            );
          })}
        </Box>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby={titleId}>
          <Table size="small" aria-labelledby={titleId} data-testid={`payouts-${kind}`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('donations.fields.date')}</TableCell>
                <TableCell align="right">{t('donations.fields.amount')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                {kind === 'payouts' ? <TableCell>{t('donations.payouts.arrival')}</TableCell> : null}
                <TableCell>{t('donations.payouts.reference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((r) => {
                const ref = reference(r);
                return (
                  <TableRow key={r.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.createdAt)}</TableCell>
                    <TableCell align="right">{money(r.amountCents)}</TableCell>
                    <TableCell>
                      <StatusCell status={r.status} />
                      {failure(r)}
                    </TableCell>
                    {'arrivalDate' in r ? (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{calendar(r.arrivalDate) || '—'}</TableCell>
                    ) : null}
                    <TableCell sx={mono}>{ref ?? '—'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
