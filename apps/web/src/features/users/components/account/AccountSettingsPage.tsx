import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useUser } from '../../api/get-user';
import { AvatarUpload } from '../shared/AvatarUpload';
import { ChangePasswordForm } from '../shared/ChangePasswordForm';
import { ProfileForm } from '../shared/ProfileForm';
import { LanguageTab } from './LanguageTab';
import { NotificationsTab } from './NotificationsTab';

const TABS = ['profile', 'avatar', 'password', 'language', 'notifications'] as const;
type TabId = (typeof TABS)[number];

/** /pages/account-settings: the signed-in user's own account (profile, photo, password, language, e-mails). */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const query = useUser(me?.id ?? 0);
  // `?tab=notifications` opens a tab directly (the unsubscribe page and e-mails link there).
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState<TabId>(TABS.find((id) => id === asked) ?? 'profile');

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
            {tab === 'notifications' ? <NotificationsTab /> : null}
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
