import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/prefs/PreferencesProvider';
import { type LayoutKind, SKINS, type Skin } from '../../lib/prefs/preferences';

/** Layout preferences drawer; only Super Admin sees it (spec §2). */
export function ThemeCustomizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { prefs, update } = usePreferences();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} data-testid="theme-customizer">
      <Box sx={{ width: 300, p: 2 }} role="region" aria-labelledby="customizer-title">
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography id="customizer-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('customizer.title')}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider sx={{ my: 2 }} />
        <FormControl>
          <FormLabel id="skin-label">{t('customizer.skin')}</FormLabel>
          <RadioGroup
            aria-labelledby="skin-label"
            value={prefs.skin}
            onChange={(e) => update({ skin: e.target.value as Skin })}
          >
            {SKINS.map((skin) => (
              <FormControlLabel key={skin} value={skin} control={<Radio />} label={t(`customizer.skins.${skin}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <Divider sx={{ my: 2 }} />
        <FormControl>
          <FormLabel id="layout-label">{t('customizer.layout')}</FormLabel>
          <RadioGroup
            aria-labelledby="layout-label"
            value={prefs.layout}
            onChange={(e) => update({ layout: e.target.value as LayoutKind })}
          >
            <FormControlLabel value="horizontal" control={<Radio />} label={t('customizer.horizontal')} />
            <FormControlLabel value="vertical" control={<Radio />} label={t('customizer.vertical')} />
          </RadioGroup>
        </FormControl>
        <Divider sx={{ my: 2 }} />
        <FormControlLabel
          control={
            <Switch checked={prefs.menuCollapsed} onChange={(e) => update({ menuCollapsed: e.target.checked })} />
          }
          label={t('customizer.collapsed')}
        />
        <FormControlLabel
          control={<Switch checked={prefs.rtl} onChange={(e) => update({ rtl: e.target.checked })} />}
          label={t('customizer.rtl')}
        />
      </Box>
    </Drawer>
  );
}
