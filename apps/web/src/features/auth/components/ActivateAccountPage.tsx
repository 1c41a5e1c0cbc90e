import { homeForRole } from '@fc/contracts';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useActivateAccount } from '../api/activate-account';
import { AuthCard } from './AuthCard';
import { SetPasswordForm } from './SetPasswordForm';

/** /activate-account?token=... from the invitation e-mail: choose a password, then log in. */
export function ActivateAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const mutation = useActivateAccount();
  return (
    <AuthCard title={t('auth.activateTitle')} subtitle={t('auth.activateSubtitle')}>
      {!token ? (
        <Alert severity="error">{t('auth.linkInvalid')}</Alert>
      ) : (
        <SetPasswordForm
          submitLabel={t('auth.activate')}
          pending={mutation.isPending}
          error={mutation.error}
          onSubmit={(password) =>
            mutation.mutate(
              { token, password },
              {
                onSuccess: (res) => {
                  signIn(res);
                  navigate(homeForRole(res.userData.role), { replace: true });
                },
              },
            )
          }
        />
      )}
    </AuthCard>
  );
}
