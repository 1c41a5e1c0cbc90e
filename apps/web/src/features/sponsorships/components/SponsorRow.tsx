import type { Sponsor } from '@fc/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import UndoIcon from '@mui/icons-material/Undo';
import { Avatar, Box, Chip, IconButton, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RowActionButton } from '../../../components/ui/RowActions';
import { useMoney } from '../../../lib/money';
import type { SponsorDialogState } from './SponsorDialogs';

const STATUS_COLOR = {
  held: 'default',
  paid: 'success',
  released: 'default',
  refunded: 'warning',
  refund_due: 'error',
} as const;
const LOGO_COLOR = { none: 'default', submitted: 'info', approved: 'success', rejected: 'error' } as const;

interface Props {
  s: Sponsor;
  canManage: boolean;
  onAction: (state: SponsorDialogState) => void;
}

/** One sponsor: buyer, names, logo, amounts, statuses and (for managers) logo approval, refund, payment link. */
export function SponsorRow({ s, canManage, onAction }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const buyer = `${s.buyer.firstName} ${s.buyer.lastName}`;
  const shown = s.displayName ?? s.businessName ?? buyer;
  return (
    <TableRow data-testid={`sponsor-${s.id}`}>
      <TableCell>
        <Typography variant="body2">{buyer}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {s.buyer.email}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{s.businessName ?? '—'}</Typography>
        {s.displayName && s.displayName !== s.businessName ? (
          <Typography variant="caption" color="text.secondary">
            {s.displayName}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {s.opportunityName}
        </Typography>
      </TableCell>
      <TableCell>
        {s.logoUrl ? (
          <Avatar
            variant="rounded"
            src={s.logoUrl}
            alt={t('sponsorships.sponsors.logoAlt', { name: shown })}
            sx={{ width: 48, height: 48, bgcolor: 'background.paper', '& img': { objectFit: 'contain' } }}
          />
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell>{money(s.priceCents)}</TableCell>
      <TableCell>{money(s.deductibleCents)}</TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOR[s.status]} label={t(`sponsorships.sponsorStatus.${s.status}`)} />
        {s.method === 'offline' ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('sponsorships.sponsors.offline')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={LOGO_COLOR[s.logoStatus]}
          label={t(`sponsorships.logoStatus.${s.logoStatus}`)}
        />
        {s.logoRejectReason && s.logoStatus === 'rejected' ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 200 }}>
            {s.logoRejectReason}
          </Typography>
        ) : null}
      </TableCell>
      {canManage ? (
        <TableCell>
          <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
            {s.logoStatus === 'submitted' ? (
              <RowActionButton
                title={t('sponsorships.logo.approve')}
                label={t('sponsorships.logo.approveFor', { name: shown })}
                icon={<CheckCircleOutlineIcon />}
                onClick={() => onAction({ kind: 'approve', sponsor: s })}
                testId={`sponsor-approve-${s.id}`}
              />
            ) : null}
            {s.logoStatus === 'submitted' || s.logoStatus === 'approved' ? (
              <RowActionButton
                title={t('sponsorships.logo.reject')}
                label={t('sponsorships.logo.rejectFor', { name: shown })}
                icon={<BlockIcon />}
                onClick={() => onAction({ kind: 'reject', sponsor: s })}
                testId={`sponsor-reject-${s.id}`}
              />
            ) : null}
            {s.status === 'paid' ? (
              <RowActionButton
                title={t('sponsorships.refund.action')}
                label={t('sponsorships.refund.actionFor', { name: shown })}
                icon={<UndoIcon />}
                onClick={() => onAction({ kind: 'refund', sponsor: s })}
                testId={`sponsor-refund-${s.id}`}
              />
            ) : null}
            <Tooltip title={t('sponsorships.sponsors.payment')}>
              <IconButton
                component={RouterLink}
                to={`/donations/view/${s.donationId}`}
                aria-label={t('sponsorships.sponsors.paymentFor', { name: shown })}
                data-testid={`sponsor-payment-${s.id}`}
              >
                <ReceiptLongIcon />
              </IconButton>
            </Tooltip>
          </Box>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
