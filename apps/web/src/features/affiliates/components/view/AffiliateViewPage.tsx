import type { AffiliateDetail } from '@fc/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { isApiError } from '../../../../lib/api/errors';
import { useAffiliate } from '../../api/affiliates';
import { useCanManage } from '../shared/useCanManage';
import { ConversionsCard } from './ConversionsCard';
import { BalancesCard, OffersCard, PayoutRequestsCard } from './DetailCards';
import { OrganizationsCard } from './OrganizationsCard';
import { ProfileHeader } from './ProfileHeader';

function NotFound() {
  const { t } = useTranslation();
  return (
    <Card data-testid="affiliate-not-found">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('affiliates.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('affiliates.notFound.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/affiliates/list">
          {t('affiliates.backToList')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /affiliates/view/{id}: the profile, balances, offers, organizations, conversions and payout requests; Super Admin acts on them. */
export function AffiliateViewPage() {
  const { id } = useParams();
  const affiliateId = Number(id);
  const valid = Number.isInteger(affiliateId) && affiliateId > 0;
  const query = useAffiliate(valid ? affiliateId : null);
  if (!valid || (isApiError(query.error) && query.error.status === 404)) return <NotFound />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <AffiliateView affiliate={query.data.data} />;
}

function AffiliateView({ affiliate: a }: { affiliate: AffiliateDetail }) {
  const { t } = useTranslation();
  const manage = useCanManage();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/affiliates/list" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {t('affiliates.backToList')}
        </Button>
        <ProfileHeader affiliate={a} manage={manage} />
      </Box>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <BalancesCard affiliate={a} manage={manage} />
        <OffersCard affiliate={a} />
      </Box>
      <OrganizationsCard affiliate={a} manage={manage} />
      <ConversionsCard affiliateId={a.id} />
      <PayoutRequestsCard affiliate={a} manage={manage} />
    </Box>
  );
}
