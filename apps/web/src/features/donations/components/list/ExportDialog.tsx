import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/DateField';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useExportDonations } from '../../api/export-donations';
import type { DonationFilters } from '../../api/keys';

interface ExportDialogProps {
  /** The list's filters; the dialog picks the dates. */
  filters: DonationFilters;
  onClose: () => void;
}

/** GET /admin/donation/export: the filtered donations of a date range as a CSV file. */
export function ExportDialog({ filters, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useExportDonations();
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const rangeError = Boolean(from && to && from > to);

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (rangeError) return;
        mutation.mutate(
          { ...filters, from: from || undefined, to: to || undefined },
          {
            onSuccess: (data) => {
              toast.success(t('donations.export.done', { count: data.rows }));
              onClose();
            },
          },
        );
      }}
      testId="donations-export-dialog"
      titleId="donations-export-title"
      title={t('donations.export.title')}
      mutation={mutation}
      submitLabel={t('donations.export.submit')}
      submitTestId="donations-export-submit"
      maxWidth="xs"
      fullScreenOnPhones={false}
    >
      <Typography color="text.secondary">{t('donations.export.body')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField label={t('donations.filters.from')} value={from} onChange={setFrom} fullWidth testId="export-from" />
        <DateField
          label={t('donations.filters.to')}
          value={to}
          onChange={setTo}
          error={rangeError}
          helperText={rangeError ? t('donations.filters.rangeError') : undefined}
          fullWidth
          testId="export-to"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {from || to ? t('donations.export.rangeHint') : t('donations.export.allDates')}
      </Typography>
    </FormDialog>
  );
}
