import type { CampaignDetail, FeeRequest } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../../components/ui/ConfirmDialog';
import { RemoveRowButton, RowActionButton } from '../../../../../components/ui/RowActions';
import { EmptyState } from '../../../../../components/ui/States';
import { useToast } from '../../../../../components/ui/ToastProvider';
import { useDeleteFeeRequest } from '../../../api/fee-requests';
import { useCalendarDate, useMoney } from '../../shared/format';
import { FeeRequestDialog } from './FeeRequestDialog';

/** Amounts the campaign asks each family to pay (DECISIONS §5), each with its payment link. */
export function FeeRequestsTab({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const date = useCalendarDate();
  const remove = useDeleteFeeRequest(campaign.id);
  const [editing, setEditing] = useState<FeeRequest | 'new' | null>(null);
  const [removing, setRemoving] = useState<FeeRequest | null>(null);
  const manage = campaign.can.update;
  const fees = campaign.feeRequests;

  const copyLink = (fee: FeeRequest) => {
    const url = `${window.location.origin}/campaigns/pay_fees/${fee.id}`;
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success(t('campaigns.fees.linkCopied')))
      .catch(() => toast.info(url));
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('campaigns.fees.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('campaigns.fees.intro')}
          </Typography>
        </Box>
        {manage ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="add-fee-button"
          >
            {t('campaigns.fees.add')}
          </Button>
        ) : null}
      </Stack>
      {fees.length === 0 ? (
        <EmptyState message={t('campaigns.fees.empty')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('campaigns.fees.title')} data-testid="fee-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('campaigns.fees.label')}</TableCell>
                <TableCell align="right">{t('campaigns.fees.amount')}</TableCell>
                <TableCell>{t('campaigns.fees.dueDate')}</TableCell>
                <TableCell align="right">{t('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fees.map((f) => (
                <TableRow key={f.id} data-testid={`fee-row-${f.id}`}>
                  <TableCell>{f.label}</TableCell>
                  <TableCell align="right">{money(f.amountCents)}</TableCell>
                  <TableCell>{f.dueDate ? date(f.dueDate) : t('campaigns.fees.noDueDate')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowActionButton
                      title={t('campaigns.fees.copyLink')}
                      label={t('campaigns.fees.copyLinkOf', { label: f.label })}
                      icon={<ContentCopyIcon fontSize="small" />}
                      onClick={() => copyLink(f)}
                      testId={`copy-fee-${f.id}`}
                    />
                    {manage ? (
                      <>
                        <RowActionButton
                          title={t('common.edit')}
                          label={t('campaigns.fees.editNamed', { label: f.label })}
                          icon={<EditIcon fontSize="small" />}
                          onClick={() => setEditing(f)}
                          testId={`edit-fee-${f.id}`}
                        />
                        <RemoveRowButton
                          title={t('common.delete')}
                          label={t('campaigns.fees.deleteNamed', { label: f.label })}
                          onClick={() => setRemoving(f)}
                          testId={`delete-fee-${f.id}`}
                        />
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <FeeRequestDialog
          campaignId={campaign.id}
          fee={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmRemoveDialog
        item={removing}
        remove={remove}
        title={t('campaigns.fees.deleteTitle')}
        message={t('campaigns.fees.deleteMessage', { label: removing?.label ?? '' })}
        confirmLabel={t('common.delete')}
        doneMessage={t('campaigns.fees.deleted')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
