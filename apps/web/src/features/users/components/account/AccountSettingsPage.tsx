import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useUser } from '../../api/get-user';
import { AvatarUpload } from '../shared/AvatarUpload';
import { ChangePasswordForm } from '../shared/ChangePasswordForm';
import { ProfileForm } from '../shared/ProfileForm';
import { LanguageTab } from './LanguageTab';

const TABS = ['profile', 'avatar', 'password', 'language'] as const;
type TabId = (typeof TABS)[number];

/** /pages/account-settings: the signed-in user's own account. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const query = useUser(me?.id ?? 0);
  const [tab, setTab] = useState<TabId>('profile');

  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data.data;

  return (
    <>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_e, v: TabId) => setTab(v)}
          aria-label={t('account.title')}
          variant="scrollable"
          scrollButtons="auto"
        >
          {TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={t(`account.tabs.${id}`)}
              id={`account-tab-${id}`}
              aria-controls={`account-panel-${id}`}
              data-testid={`account-tab-${id}`}
            />
          ))}
        </Tabs>
        <CardContent role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
          <Box sx={{ maxWidth: 640 }}>
            {tab === 'profile' ? <ProfileForm key={user.id} user={user} /> : null}
            {tab === 'avatar' ? (
              <AvatarUpload
                userId={user.id}
                name={`${user.firstName} ${user.lastName}`}
                avatar={user.avatar}
                own
                size={128}
              />
            ) : null}
            {tab === 'password' ? <ChangePasswordForm userId={user.id} own /> : null}
            {tab === 'language' ? <LanguageTab user={user} /> : null}
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
