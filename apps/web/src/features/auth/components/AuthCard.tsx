import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButtons } from '../../../components/ui/LanguageButtons';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Frame of every public account page (login, register, password and link pages). */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
            {t('app.title')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
          {footer ? <Box sx={{ mt: 3 }}>{footer}</Box> : null}
          <LanguageButtons testIdPrefix="auth-lang" />
        </CardContent>
      </Card>
    </Box>
  );
}
