import { Box, Container, Drawer, ThemeProvider, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { useMe } from '../../features/auth/api/me';
import { useAuth } from '../../lib/auth/AuthProvider';
import { usePreferences } from '../../lib/prefs/PreferencesProvider';
import { LAYOUT_BREAKPOINT } from '../../lib/prefs/preferences';
import { buildTheme } from '../providers/theme';
import { HorizontalMenu } from './nav/HorizontalMenu';
import { VerticalMenu } from './nav/VerticalMenu';
import { Navbar } from './navbar/Navbar';
import { ScrollToTop } from './ScrollToTop';

// Opened on demand by Super Admin only: its code loads on the first opening.
const ThemeCustomizer = lazy(() => import('./ThemeCustomizer').then((m) => ({ default: m.ThemeCustomizer })));

const DRAWER = 260;
const DRAWER_MINI = 72;

/** Keeps the stored user (abilities included) in step with the server on every app load. */
function useFreshUser() {
  const { user, updateUser } = useAuth();
  const me = useMe(Boolean(user));
  useEffect(() => {
    if (me.data && user && JSON.stringify(me.data.data) !== JSON.stringify(user)) updateUser(me.data.data);
  }, [me.data, user, updateUser]);
}

/**
 * The console shell: header + navigation + main. Horizontal by default; below 1200px the menu
 * becomes a drawer and the chosen layout returns above it (spec §4, §9).
 */
export function ConsoleLayout() {
  const { user } = useAuth();
  const { prefs } = usePreferences();
  const wide = useMediaQuery(`(min-width:${LAYOUT_BREAKPOINT}px)`, { noSsr: true });
  const layout = wide ? prefs.layout : 'vertical';
  const [mobileOpen, setMobileOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [customizerUsed, setCustomizerUsed] = useState(false);
  const { pathname } = useLocation();
  const navTheme = useMemo(() => (prefs.skin === 'semi-dark' ? buildTheme(prefs, 'dark') : null), [prefs]);
  useFreshUser();

  // A new page starts at the top (the route changes, the window does not).
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  const isSuperAdmin = user?.role === 'super_admin';
  const permanentDrawer = wide && layout === 'vertical';
  const drawerWidth = prefs.menuCollapsed ? DRAWER_MINI : DRAWER;
  const withNavTheme = (node: React.ReactNode) =>
    navTheme ? <ThemeProvider theme={navTheme}>{node}</ThemeProvider> : node;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {permanentDrawer
        ? withNavTheme(
            <Drawer
              variant="permanent"
              sx={{
                width: drawerWidth,
                flexShrink: 0,
                '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
              }}
            >
              <Box sx={{ height: 64 }} />
              <VerticalMenu collapsed={prefs.menuCollapsed} />
            </Drawer>,
          )
        : null}
      {!wide
        ? withNavTheme(
            <Drawer
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              sx={{ '& .MuiDrawer-paper': { width: DRAWER } }}
            >
              <VerticalMenu collapsed={false} onNavigate={() => setMobileOpen(false)} />
            </Drawer>,
          )
        : null}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar
          onMenuClick={wide ? undefined : () => setMobileOpen(true)}
          onCustomizerClick={
            isSuperAdmin
              ? () => {
                  setCustomizerUsed(true);
                  setCustomizerOpen(true);
                }
              : undefined
          }
        >
          {layout === 'horizontal' ? withNavTheme(<HorizontalMenu />) : null}
        </Navbar>
        <Box component="main" id="main-content" sx={{ flexGrow: 1, py: 3 }}>
          <Container maxWidth="xl">
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </Container>
        </Box>
      </Box>
      {isSuperAdmin && customizerUsed ? (
        <Suspense fallback={null}>
          <ThemeCustomizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      ) : null}
      <ScrollToTop />
    </Box>
  );
}
