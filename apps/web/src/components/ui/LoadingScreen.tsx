import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Spinner shown while a lazy route or a first query loads. */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullPage ? '100vh' : 240 }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
