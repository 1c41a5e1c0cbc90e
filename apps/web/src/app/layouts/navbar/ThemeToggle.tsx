import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../lib/prefs/PreferencesProvider';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { prefs, update } = usePreferences();
  const dark = prefs.skin === 'dark';
  const label = dark ? t('navbar.lightMode') : t('navbar.darkMode');
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      onClick={() => update({ skin: dark ? 'light' : 'dark' })}
      data-testid="theme-toggle"
    >
      {dark ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
