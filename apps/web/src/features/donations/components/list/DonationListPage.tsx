import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardContent, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useDonations } from '../../api/get-donations';
import type { DonationListParams } from '../../api/keys';
import { DonationFilters } from './DonationFilters';
import { DonationGrid, isDonationSortColumn } from './DonationGrid';
import { ExportDialog } from './ExportDialog';
import { TotalsStrip } from './TotalsStrip';
import { apiFilters, useListFilters } from './useListFilters';

/**
 * /donations/list (spec §7 GET /admin/donation/list): the donations in the caller's scope with
 * totals for the filtered set and a CSV export. A donor's home: only their own gifts (the API
 * scopes them), without the staff filters and actions.
 */
export function DonationListPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ability = useAppAbility();
  const mine = user?.role === 'donor';
  const { values, set } = useListFilters();
  const { grid, resetPage, pageParams } = useServerGrid(isDonationSortColumn);
  const [exporting, setExporting] = useState(false);
  const q = useDebouncedValue(values.q.trim());
  const rangeError = Boolean(values.from && values.to && values.from > values.to);
  const filters = apiFilters(rangeError ? { ...values, to: '' } : values, q);
  const { perPage, ...paging } = pageParams;
  const params: DonationListParams = { ...filters, limit: perPage, ...paging };
  const list = useDonations(params);
  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <>
      <PageHeader
        title={mine ? t('donations.list.titleMine') : t('donations.list.title')}
        subtitle={mine ? t('donations.list.subtitleMine') : t('donations.list.subtitle')}
        actions={
          mine ? null : (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {ability.can('create', 'donations') ? (
                <Button
                  component={RouterLink}
                  to="/system/dataentry"
                  variant="outlined"
                  startIcon={<AddIcon />}
                  data-testid="donations-add-offline"
                >
                  {t('donations.list.addOffline')}
                </Button>
              ) : null}
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                onClick={() => setExporting(true)}
                data-testid="donations-export"
              >
                {t('donations.export.button')}
              </Button>
            </Stack>
          )
        }
      />
      <Card>
        <CardContent>
          <DonationFilters
            values={values}
            staff={!mine}
            showCampaign={!mine && ability.can('read', 'campaigns')}
            rangeError={rangeError}
            onChange={(changes) => {
              set(changes);
              resetPage();
            }}
          />
          <TotalsStrip totals={list.data?.totals} />
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          <DonationGrid
            rows={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            mine={mine}
            emptyMessage={
              filtered ? t('donations.list.noMatch') : mine ? t('donations.list.emptyMine') : t('donations.list.empty')
            }
            {...grid}
          />
        </CardContent>
      </Card>
      {exporting ? <ExportDialog filters={filters} onClose={() => setExporting(false)} /> : null}
    </>
  );
}
