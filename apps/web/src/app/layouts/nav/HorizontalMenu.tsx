import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import type { NavGroupItem, NavLinkItem } from '../../navigation/menu';
import { NavIcon } from './NavIcon';
import { useLinkActive, useMenu } from './useMenu';

const activeSx = { bgcolor: 'action.selected' } as const;

function TopLink({ item }: { item: NavLinkItem }) {
  const { t } = useTranslation();
  const active = useLinkActive(item.to);
  return (
    <Button
      component={RouterLink}
      to={item.to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      color="inherit"
      startIcon={<NavIcon name={item.icon} />}
      data-testid={`nav-${item.key}`}
      sx={{ '&.active': activeSx, whiteSpace: 'nowrap' }}
    >
      {t(item.title)}
    </Button>
  );
}

function TopGroup({ item }: { item: NavGroupItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `nav-menu-${item.key}`;
  const active = item.children.some((c) => pathname.startsWith(c.to));
  return (
    <>
      <Button
        color="inherit"
        startIcon={<NavIcon name={item.icon} />}
        endIcon={<ExpandMoreIcon aria-hidden />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`nav-${item.key}`}
        sx={active ? activeSx : undefined}
      >
        {t(item.title)}
      </Button>
      <LazyMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item.children.map((child) => (
          <MenuItem
            key={child.key}
            component={NavLink}
            to={child.to}
            onClick={() => setAnchor(null)}
            data-testid={`nav-${child.key}`}
          >
            <ListItemIcon>
              <NavIcon name={child.icon} />
            </ListItemIcon>
            <ListItemText>{t(child.title)}</ListItemText>
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}

/** Top menu of the horizontal layout (default on wide screens). */
export function HorizontalMenu() {
  const { t } = useTranslation();
  const items = useMenu('horizontal');
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{ display: 'flex', gap: 0.5, px: 2, py: 0.5, overflowX: 'auto', borderTop: 1, borderColor: 'divider' }}
      data-testid="main-nav"
    >
      {items.map((item) =>
        item.kind === 'link' ? <TopLink key={item.key} item={item} /> : <TopGroup key={item.key} item={item} />,
      )}
    </Box>
  );
}
