import type { OrgDetail, OrgTypeId } from '@fc/contracts';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { TabbedCard, type TabDef } from '../../../../components/ui/TabbedCard';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { isApiError } from '../../../../lib/api/errors';
import { useOrg } from '../../api/get-org';
import { ImportTab } from '../import/ImportTab';
import { listPath, typeName, viewPath } from '../shared/orgTypes';
import { type CampaignGridPart, CampaignsTab } from './CampaignsTab';
import { ChildrenTab } from './ChildrenTab';
import { MembersTab } from './MembersTab';
import { OrgHeader } from './OrgHeader';
import { OverviewTab } from './OverviewTab';
import { RollupCards } from './RollupCards';
import { RosterTab } from './RosterTab';

type TabId =
  | 'overview'
  | 'children'
  | 'members'
  | 'players'
  | 'campaigns'
  | 'payouts'
  | 'sponsorships'
  | 'band'
  | 'import';

function NotFound({ typeId }: { typeId: OrgTypeId }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="org-not-found">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t(`orgs.notFound.title.${typeName(typeId)}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('orgs.notFound.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={listPath(typeId)}>
          {t(`orgs.notFound.back.${typeName(typeId)}`)}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Tabs another feature draws (the campaigns grid, the payouts panel, the sponsorships): app/
 * hands them in, since features do not import each other (decision 015).
 */
export interface OrgViewParts {
  CampaignGrid: CampaignGridPart;
  PayoutsTab: ComponentType<{ node: Pick<OrgDetail, 'id' | 'name'> }>;
  /** Shown to whoever reads the node; it manages with `node.can.update`. */
  SponsorshipsTab: ComponentType<{ node: Pick<OrgDetail, 'id' | 'name' | 'can'> }>;
  /** Teams and divisions: their BAND link and posts (the BAND feature checks who manages it). */
  BandTab?: ComponentType<{ node: Pick<OrgDetail, 'id' | 'name'> }>;
}

/** /orgs/{type}/view/{id}: one page for the four node types. */
export function OrgViewPage({ typeId, parts }: { typeId: OrgTypeId; parts: OrgViewParts }) {
  const { PayoutsTab, SponsorshipsTab, BandTab } = parts;
  const { t } = useTranslation();
  const { id } = useParams();
  const nodeId = Number(id);
  const query = useOrg(nodeId);
  const [params] = useSearchParams();
  const ability = useAppAbility();

  if (!Number.isInteger(nodeId) || nodeId <= 0 || (isApiError(query.error) && query.error.status === 404))
    return <NotFound typeId={typeId} />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const node = query.data.data;
  // A link with the wrong type segment (e.g. /orgs/teams/view/{a league}): go to the right page.
  if (node.typeId !== typeId) return <Navigate to={`${viewPath(node.typeId, node.id)}?${params}`} replace />;

  const tabs: TabDef<TabId>[] = [
    { id: 'overview', label: t('orgs.tabs.overview') },
    ...(node.typeId !== 4 ? [{ id: 'children' as const, label: t(`orgs.childrenOf.${typeName(node.typeId)}`) }] : []),
    { id: 'members', label: t('orgs.tabs.members') },
    ...(node.typeId === 4 ? [{ id: 'players' as const, label: t('orgs.tabs.players') }] : []),
    ...(ability.can('read', 'campaigns') ? [{ id: 'campaigns' as const, label: t('orgs.tabs.campaigns') }] : []),
    ...(ability.can('read', 'donations')
      ? [{ id: 'payouts' as const, label: t('donations.payouts.tab'), testId: 'payouts-tab' }]
      : []),
    { id: 'sponsorships', label: t('orgs.tabs.sponsorships') },
    ...(BandTab && (node.typeId === 3 || node.typeId === 4)
      ? [{ id: 'band' as const, label: t('orgs.tabs.band') }]
      : []),
    ...((node.typeId === 3 && node.can.addChild) || (node.typeId === 4 && node.can.manageRoster)
      ? [{ id: 'import' as const, label: t('orgs.tabs.import') }]
      : []),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <OrgHeader node={node} />
      <RollupCards node={node} />
      <TabbedCard tabs={tabs} defaultTab="overview" idPrefix="org" label={t('orgs.tabs.label')}>
        {(tab) => (
          <>
            {tab === 'overview' ? <OverviewTab node={node} /> : null}
            {tab === 'children' ? <ChildrenTab node={node} /> : null}
            {tab === 'members' ? <MembersTab node={node} /> : null}
            {tab === 'players' ? <RosterTab node={node} /> : null}
            {tab === 'campaigns' ? <CampaignsTab node={node} CampaignGrid={parts.CampaignGrid} /> : null}
            {tab === 'payouts' ? <PayoutsTab node={node} /> : null}
            {tab === 'sponsorships' ? <SponsorshipsTab node={node} /> : null}
            {tab === 'band' && BandTab ? <BandTab node={node} /> : null}
            {tab === 'import' ? <ImportTab node={node} /> : null}
          </>
        )}
      </TabbedCard>
    </Box>
  );
}
