import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRequestLoginLink } from '../api/login-link';
import { AuthCard } from './AuthCard';
import { EmailRequestForm } from './EmailRequestForm';

export function LoginLinkPage() {
  const { t } = useTranslation();
  const mutation = useRequestLoginLink();
  return (
    <AuthCard
      title={t('auth.loginLinkTitle')}
      subtitle={t('auth.loginLinkSubtitle')}
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <EmailRequestForm
        testId="loginlink"
        submitLabel={t('auth.sendLoginLink')}
        pending={mutation.isPending}
        error={mutation.error}
        successMessage={mutation.data?.message}
        onSubmit={(body) => mutation.mutate(body)}
      />
    </AuthCard>
  );
}
