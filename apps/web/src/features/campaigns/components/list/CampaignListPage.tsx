import { CAMPAIGN_STATUSES, type CampaignStatus, filterCampaigns, isActiveCampaignStatus } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectField } from '../../../../components/ui/FormFields';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { SearchField } from '../../../../components/ui/SearchField';
import { ErrorState } from '../../../../components/ui/States';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { useAddressParams } from '../../../../lib/useAddressParams';
import { useCampaigns } from '../../api/get-campaigns';
import { CreateCampaignDialog } from '../form/CreateCampaignDialog';
import { count, useMoney } from '../shared/format';
import { StatCards } from '../shared/StatCards';
import { CampaignGrid } from './CampaignGrid';

const isStatus = (v: string | null): v is CampaignStatus => (CAMPAIGN_STATUSES as readonly string[]).includes(v ?? '');

/** /campaigns/list: the user's campaigns with the client filter of spec §5 and totals on top. */
export function CampaignListPage() {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const money = useMoney();
  const [params, updateParams] = useAddressParams();
  const [creating, setCreating] = useState(false);
  const list = useCampaigns();
  const status = isStatus(params.get('status')) ? (params.get('status') as CampaignStatus) : '';
  const q = params.get('q') ?? '';
  const all = list.data?.data ?? [];
  const rows = useMemo(() => filterCampaigns(all, { status, q }), [all, status, q]);

  const setFilter = (key: 'status' | 'q', value: string) => {
    updateParams((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });
  };

  // Cards follow the filter, so they always describe the rows below them.
  const active = rows.filter((r) => isActiveCampaignStatus(r.status)).length;
  const raised = rows.reduce((s, r) => s + r.raisedCents, 0);
  const goal = rows.reduce((s, r) => s + r.goalCents, 0);
  const donors = rows.reduce((s, r) => s + r.donors, 0);
  const players = rows.reduce((s, r) => s + r.players, 0);
  const filtered = Boolean(status || q.trim());

  return (
    <>
      <PageHeader
        title={t('campaigns.list.title')}
        subtitle={t('campaigns.list.subtitle')}
        actions={
          ability.can('create', 'campaigns') ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="create-campaign-button"
            >
              {t('campaigns.create.button')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <StatCards
          label={t('campaigns.list.totals')}
          testId="campaign-list-stats"
          stats={[
            { id: 'active', label: t('campaigns.list.activeCount'), value: count(active) },
            {
              id: 'raised',
              label: t('campaigns.list.raisedTotal'),
              value: money(raised, { whole: true }),
              hint: goal > 0 ? t('campaigns.list.ofGoal', { goal: money(goal, { whole: true }) }) : undefined,
            },
            { id: 'donors', label: t('campaigns.fields.donors'), value: count(donors) },
            { id: 'players', label: t('campaigns.fields.players'), value: count(players) },
          ]}
        />
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <SearchField
                label={t('campaigns.list.search')}
                value={q}
                onChange={(e) => setFilter('q', e.target.value)}
                sx={{ flexGrow: 1 }}
                testId="campaign-search"
              />
              <SelectField
                label={t('fields.status')}
                value={status}
                onChange={(e) => setFilter('status', String(e.target.value))}
                sx={{ minWidth: 180 }}
                emptyLabel={t('campaigns.list.allStatuses')}
                options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) }))}
                testId="campaign-status-filter"
              />
            </Stack>
            {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
            <CampaignGrid
              rows={rows}
              loading={list.isPending || list.isFetching}
              emptyMessage={filtered ? t('campaigns.list.noMatch') : t('campaigns.list.empty')}
            />
          </CardContent>
        </Card>
      </Box>
      {creating ? (
        <CreateCampaignDialog
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            navigate(`/campaigns/view/${c.id}`);
          }}
        />
      ) : null}
    </>
  );
}
