import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/ui/ImageUpload';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { fullName } from '../../../../lib/format';
import { useAffiliate, useAffiliateAvatar } from '../../api/affiliates';
import { AffiliateStatusChip } from '../shared/Chips';
import { useAffiliateSelf } from '../shared/useAffiliateSelf';
import { PendingOffers } from './PendingOffers';
import { ProfileForm } from './ProfileForm';

/** /affiliates/profile (the Affiliate): their profile, payout details and photo, and the offers waiting for them. */
export function AffiliateProfilePage() {
  const { t } = useTranslation();
  const self = useAffiliateSelf();
  const query = useAffiliate(self.id);
  return (
    <>
      <PageHeader title={t('affiliates.profile.title')} subtitle={t('affiliates.profile.subtitle')} />
      {self.prompt ? (
        <Alert severity="info" data-testid="affiliate-self-prompt">
          {self.prompt}
        </Alert>
      ) : self.error || query.isError ? (
        <ErrorState error={self.error ?? query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Profile affiliate={query.data.data} />
      ) : (
        <LoadingScreen />
      )}
    </>
  );
}

function Profile({ affiliate: a }: { affiliate: Parameters<typeof ProfileForm>[0]['affiliate'] }) {
  const { t } = useTranslation();
  const avatar = useAffiliateAvatar(a.id);
  const name = fullName(a.first_name, a.last_name);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PendingOffers affiliate={a} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
            <ImageUpload
              src={a.avatarUrl}
              alt={name}
              letter={a.first_name.charAt(0)}
              size={88}
              layout="row"
              mutation={avatar}
              variables={(file: File) => file}
              uploadLabel={t('affiliates.profile.upload')}
              uploadedText={t('affiliates.profile.uploaded')}
              hint
              testIds={{
                input: 'affiliate-avatar-input',
                image: 'affiliate-avatar',
                button: 'affiliate-avatar-button',
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h6" component="h2">
                  {name}
                </Typography>
                <AffiliateStatusChip status={a.status} />
              </Stack>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {a.email}
              </Typography>
            </Box>
          </Stack>
          <ProfileForm affiliate={a} />
        </CardContent>
      </Card>
    </Box>
  );
}
