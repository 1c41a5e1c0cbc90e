import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fab, useScrollTrigger, Zoom } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Appears after 300px of scroll (spec §9). */
export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: 300 });
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label={t('common.scrollTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, insetInlineEnd: 24, zIndex: (theme) => theme.zIndex.speedDial }}
        data-testid="scroll-top"
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
