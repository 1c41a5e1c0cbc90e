import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './AuthCard';
import { EmailRequestForm } from './EmailRequestForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const mutation = useForgotPassword();
  return (
    <AuthCard
      title={t('auth.forgotTitle')}
      subtitle={t('auth.forgotSubtitle')}
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <EmailRequestForm
        testId="forgot"
        submitLabel={t('auth.sendResetLink')}
        pending={mutation.isPending}
        error={mutation.error}
        successMessage={mutation.data?.message}
        onSubmit={(body) => mutation.mutate(body)}
      />
    </AuthCard>
  );
}
