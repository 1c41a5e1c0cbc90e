import type { CampaignSummary, OrgDetail } from '@fc/contracts';
import { Box, Button } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../../components/ui/States';
import { useNodeCampaigns } from '../../api/get-node-campaigns';

/** The campaigns feature's grid, handed in by app/ (decision 015). */
export type CampaignGridPart = ComponentType<{ rows: CampaignSummary[]; loading: boolean; emptyMessage: string }>;

/** The node's campaigns: those it owns and those shared with it. */
export function CampaignsTab({ node, CampaignGrid }: { node: OrgDetail; CampaignGrid: CampaignGridPart }) {
  const { t } = useTranslation();
  const query = useNodeCampaigns(node.id);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="org-campaigns">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/campaigns/list" variant="outlined">
          {t('orgs.campaigns.all')}
        </Button>
      </Box>
      <CampaignGrid
        rows={query.data?.data ?? []}
        loading={query.isPending}
        emptyMessage={t('orgs.campaigns.empty', { name: node.name })}
      />
    </Box>
  );
}
