import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../lib/i18n';

/**
 * English / Español as two buttons, the current one pressed: the language choice of the pages
 * outside the console (sign-in pages, BAND's link result). Test ids are `${testIdPrefix}-${lng}`.
 */
export function LanguageButtons({ testIdPrefix }: { testIdPrefix: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mt: 3, justifyContent: 'center' }}
      role="group"
      aria-label={t('navbar.language')}
    >
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="small"
          lang={lng}
          aria-pressed={i18n.language === lng}
          variant={i18n.language === lng ? 'outlined' : 'text'}
          onClick={() => setLanguage(lng)}
          data-testid={`${testIdPrefix}-${lng}`}
        >
          {t(`languages.${lng}`)}
        </Button>
      ))}
    </Stack>
  );
}
