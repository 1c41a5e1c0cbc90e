import { createTheme, type Theme } from '@mui/material/styles';
import type { LayoutPreferences } from '../../lib/prefs/preferences';

/**
 * Themes for the four skins. `bordered` swaps shadows for outlines; `semi-dark` is the light
 * theme with a dark navigation (the layouts apply `navTheme`). Default MUI palettes keep text
 * contrast at WCAG AA in both modes.
 */
export function buildTheme(prefs: Pick<LayoutPreferences, 'skin' | 'rtl'>, mode: 'light' | 'dark'): Theme {
  const bordered = prefs.skin === 'bordered';
  return createTheme({
    direction: prefs.rtl ? 'rtl' : 'ltr',
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#3949ab' : '#9fa8da' },
      background:
        mode === 'light' ? { default: '#f5f5f9', paper: '#ffffff' } : { default: '#121420', paper: '#1c1f2e' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiPaper: bordered
        ? {
            defaultProps: { elevation: 0 },
            styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }) },
          }
        : {},
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

export function modeForSkin(skin: LayoutPreferences['skin']): 'light' | 'dark' {
  return skin === 'dark' ? 'dark' : 'light';
}
