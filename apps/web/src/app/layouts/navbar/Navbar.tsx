import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import TuneIcon from '@mui/icons-material/Tune';
import { AppBar, Box, IconButton, Toolbar, Typography, useScrollTrigger } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

interface NavbarProps {
  onMenuClick?: () => void;
  onCustomizerClick?: () => void;
  /** The horizontal menu row, under the toolbar. */
  children?: ReactNode;
}

/** Top bar: shadow once the page scrolled past 65px (spec §9). */
export function Navbar({ onMenuClick, onCustomizerClick, children }: NavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 65 });
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={scrolled ? 4 : 0}
      sx={{ borderBottom: scrolled ? 0 : 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {onMenuClick ? (
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('navbar.openMenu')}
            onClick={onMenuClick}
            sx={{ ml: { xs: 0, sm: -1.5 } }}
            data-testid="menu-toggle"
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          noWrap
          title={t('app.title')}
          aria-label={t('app.title')}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            letterSpacing: 0.5,
            minWidth: 0,
            flexShrink: 1,
            fontSize: { xs: '1rem', sm: '1.25rem' },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('app.title')}
          </Box>
          {/* On a phone the full name would be cut: the short one fits beside the controls. */}
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {t('app.shortTitle')}
          </Box>
        </Typography>
        <Box sx={{ flexGrow: 1, minWidth: 0 }} />
        {/* This page's help article: the help centre resolves the address (app/routes/help.ts). */}
        <IconButton
          component={RouterLink}
          to={`/help/university?for=${encodeURIComponent(pathname)}`}
          color="inherit"
          aria-label={t('navbar.help')}
          title={t('navbar.help')}
          data-testid="help-link"
        >
          <HelpIcon />
        </IconButton>
        <LanguageSwitch />
        <ThemeToggle />
        {onCustomizerClick ? (
          <IconButton
            color="inherit"
            aria-label={t('customizer.title')}
            title={t('customizer.title')}
            onClick={onCustomizerClick}
            data-testid="customizer-toggle"
          >
            <TuneIcon />
          </IconButton>
        ) : null}
        <UserMenu />
      </Toolbar>
      {children}
    </AppBar>
  );
}
