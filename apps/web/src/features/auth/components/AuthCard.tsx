import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../../lib/i18n';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Frame of every public account page (login, register, password and link pages). */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t, i18n } = useTranslation();
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
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 3, justifyContent: 'center' }}
            aria-label={t('navbar.language')}
            role="group"
          >
            {LANGUAGES.map((lng) => (
              <Button
                key={lng}
                size="small"
                lang={lng}
                aria-pressed={i18n.language === lng}
                variant={i18n.language === lng ? 'outlined' : 'text'}
                onClick={() => setLanguage(lng)}
                data-testid={`auth-lang-${lng}`}
              >
                {t(`languages.${lng}`)}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
