import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { NavGroupItem, NavLinkItem } from '../../navigation/menu';
import { NavIcon } from './NavIcon';
import { useLinkActive, useMenu } from './useMenu';

interface Props {
  collapsed: boolean;
  onNavigate?: () => void;
}

function SideLink({ item, collapsed, nested, onNavigate }: Props & { item: NavLinkItem; nested?: boolean }) {
  const { t } = useTranslation();
  const active = useLinkActive(item.to);
  const label = t(item.title);
  // Collapsed to icons, a native title names the link on hover (aria-label for screen readers).
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={`nav-${item.key}`}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
      sx={{ pl: nested && !collapsed ? 4 : 2, '&.active': { bgcolor: 'action.selected' } }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <NavIcon name={item.icon} />
      </ListItemIcon>
      {collapsed ? null : <ListItemText primary={label} />}
    </ListItemButton>
  );
}

function SideGroup({ item, collapsed, onNavigate }: Props & { item: NavGroupItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => item.children.some((c) => pathname.startsWith(c.to)));
  const label = t(item.title);
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={collapsed ? label : undefined}
        data-testid={`nav-${item.key}`}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <NavIcon name={item.icon} />
        </ListItemIcon>
        {collapsed ? null : <ListItemText primary={label} />}
        {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {item.children.map((child) => (
            <SideLink key={child.key} item={child} collapsed={collapsed} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** Drawer menu of the vertical layout (and of every screen under 1200px). */
export function VerticalMenu({ collapsed, onNavigate }: Props) {
  const { t } = useTranslation();
  const items = useMenu('vertical');
  return (
    <nav aria-label={t('nav.main')} data-testid="main-nav">
      <List>
        {items.map((item) =>
          item.kind === 'link' ? (
            <SideLink key={item.key} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ) : (
            <SideGroup key={item.key} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </nav>
  );
}
