import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { ToastProvider } from '../../components/ui/ToastProvider';
import { queryClient } from '../../lib/api/queryClient';
import { AuthProvider } from '../../lib/auth/AuthProvider';
import i18n from '../../lib/i18n';
import { PreferencesProvider, usePreferences } from '../../lib/prefs/PreferencesProvider';
import { buildTheme, modeForSkin } from './theme';

// Emotion caches: the RTL one mirrors every style (margins, paddings, positions) for right-to-left.
const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] });

function ThemedApp({ children }: { children: ReactNode }) {
  const { prefs } = usePreferences();
  const theme = useMemo(() => buildTheme(prefs, modeForSkin(prefs.skin)), [prefs]);
  return (
    <CacheProvider value={prefs.rtl ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider>
        <ThemedApp>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <AuthProvider>{children}</AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </ThemedApp>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
