import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Avatar, Box, Divider, IconButton, ListItemIcon, MenuItem, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { profileCount } from '../../../lib/auth/profiles';

// The switch dialog (and its form controls) loads when asked for.
const ProfileSwitchDialog = lazy(() =>
  import('./ProfileSwitchDialog').then((m) => ({ default: m.ProfileSwitchDialog })),
);

export function UserMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);
  if (!user) return null;
  const close = () => setAnchor(null);
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('navbar.userMenu', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        data-testid="user-menu-button"
      >
        <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 34, height: 34 }}>
          {user.firstName.charAt(0)}
        </Avatar>
      </IconButton>
      <LazyMenu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`roles.${user.role}`)}
          </Typography>
        </Box>
        <Divider />
        {profileCount(user) > 1 ? (
          <MenuItem
            onClick={() => {
              close();
              setSwitching(true);
            }}
            data-testid="switch-profile-item"
          >
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            {t('navbar.switchProfile')}
          </MenuItem>
        ) : null}
        <MenuItem component={RouterLink} to="/pages/faq" onClick={close} data-testid="faq-item">
          <ListItemIcon>
            <HelpOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('navbar.faq')}
        </MenuItem>
        <MenuItem
          component={RouterLink}
          to={`/apps/user/view/${user.id}`}
          onClick={close}
          data-testid="account-settings-item"
        >
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          {t('navbar.accountSettings')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/pages/api-key" onClick={close} data-testid="api-keys-item">
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          {t('navbar.apiKeys')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
          data-testid="logout-item"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('navbar.logout')}
        </MenuItem>
      </LazyMenu>
      {switching ? (
        <Suspense fallback={null}>
          <ProfileSwitchDialog user={user} onClose={() => setSwitching(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
