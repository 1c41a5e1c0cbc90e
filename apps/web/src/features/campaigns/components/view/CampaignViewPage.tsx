import { type CampaignDetail, isOrgRole, isStaffRole } from '@fc/contracts';
import { Alert, Box, Button } from '@mui/material';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { TabbedCard } from '../../../../components/ui/TabbedCard';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useCampaign } from '../../api/get-campaign';
import { useDeleteCampaign } from '../../api/save-campaign';
import { EditCampaignDialog } from '../form/EditCampaignDialog';
import { CampaignNotFound } from '../shared/CampaignNotFound';
import { count, useMoney } from '../shared/format';
import { StatCards } from '../shared/StatCards';
import { CampaignHeader } from './CampaignHeader';
import { FeeRequestsTab } from './fees/FeeRequestsTab';
import { PlayersTab } from './players/PlayersTab';
import { SharingTab } from './SharingTab';

const TABS = ['players', 'fees', 'sharing', 'sponsorships'] as const;
type TabId = (typeof TABS)[number];

/** Tabs and actions another feature draws (the sponsorships, BAND): app/ hands them in (decision 015). */
export interface CampaignViewParts {
  /** For the campaign's organizers; it manages with `campaign.can.update`. */
  SponsorshipsTab: ComponentType<{ campaign: Pick<CampaignDetail, 'id' | 'title' | 'can'> }>;
  /** For organizers who may update the campaign: post its news to the owning team's band. */
  BandButton?: ComponentType<{ campaign: CampaignDetail }>;
}

/** /campaigns/view/{id}: the campaign, its figures, and tabs for players, fee requests, sharing and sponsorships. */
export function CampaignViewPage({ parts }: { parts?: CampaignViewParts }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const money = useMoney();
  const { user } = useAuth();
  // Families read the campaign itself; its players, fees, sharing and summaries are for its organizers.
  const organizer = isStaffRole(user?.role) || isOrgRole(user?.role);
  const { id } = useParams();
  const campaignId = Number(id);
  const query = useCampaign(campaignId);
  const remove = useDeleteCampaign();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!Number.isInteger(campaignId) || campaignId <= 0 || (isApiError(query.error) && query.error.status === 404))
    return <CampaignNotFound />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const c = query.data.data;
  const labels: Record<TabId, string> = {
    players: t('campaigns.tabs.players'),
    fees: t('campaigns.tabs.fees'),
    sharing: t('campaigns.tabs.sharing'),
    sponsorships: t('campaigns.tabs.sponsorships'),
  };
  const SponsorshipsTab = parts?.SponsorshipsTab;
  const BandButton = parts?.BandButton;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <CampaignHeader
        campaign={c}
        organizer={organizer}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
        extraActions={organizer && c.can.update && BandButton ? <BandButton campaign={c} /> : null}
      />
      <StatCards
        label={t('campaigns.view.figures')}
        testId="campaign-stats"
        stats={[
          {
            id: 'raised',
            label: t('campaigns.fields.raised'),
            value: money(c.raisedCents),
            hint: t('campaigns.list.ofGoal', { goal: money(c.goalCents, { whole: true }) }),
          },
          { id: 'donors', label: t('campaigns.fields.donors'), value: count(c.donors) },
          { id: 'donations', label: t('campaigns.fields.donations'), value: count(c.donations) },
          { id: 'players', label: t('campaigns.fields.players'), value: count(c.players) },
        ]}
      />
      {organizer ? (
        <TabbedCard
          tabs={TABS.filter((x) => x !== 'sponsorships' || SponsorshipsTab).map((x) => ({ id: x, label: labels[x] }))}
          defaultTab="players"
          idPrefix="campaign"
          label={t('campaigns.tabs.label')}
        >
          {(tab) => (
            <>
              {tab === 'players' ? <PlayersTab campaign={c} /> : null}
              {tab === 'fees' ? <FeeRequestsTab campaign={c} /> : null}
              {tab === 'sharing' ? <SharingTab campaign={c} /> : null}
              {tab === 'sponsorships' && SponsorshipsTab ? <SponsorshipsTab campaign={c} /> : null}
            </>
          )}
        </TabbedCard>
      ) : (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/fundraisers/home">
              {t('campaigns.view.familyLink')}
            </Button>
          }
          data-testid="campaign-family-note"
        >
          {t('campaigns.view.familyNote')}
        </Alert>
      )}
      {editing ? <EditCampaignDialog campaign={c} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={deleting}
        title={t('campaigns.delete.title')}
        message={t('campaigns.delete.message', { title: c.title })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: (res) => {
              toast.success(res.message || t('campaigns.delete.done', { title: c.title }));
              setDeleting(false);
              navigate('/campaigns/list', { replace: true });
            },
            onError: (error) => {
              setDeleting(false);
              toast.error(errorMessage(error, t('errors.generic')));
            },
          })
        }
      />
    </Box>
  );
}
