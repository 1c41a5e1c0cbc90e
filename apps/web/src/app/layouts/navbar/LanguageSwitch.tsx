import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { updateUser } from '../../../features/users/api/update-user';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { LANGUAGES, type Language, setLanguage } from '../../../lib/i18n';

/** English / Español; remembered locally and, when logged in, on the account (PATCH /user). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { user, updateUser: storeUser } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (language: Language) => {
    setAnchor(null);
    setLanguage(language);
    if (user && user.language !== language) {
      storeUser({ ...user, language });
      updateUser({ language }).catch(() => {
        // The UI language already changed; the account keeps its old default until next time.
      });
    }
  };

  return (
    <>
      {/* Native titles rather than MUI's Tooltip in the header: no popper code on every console page. */}
      <IconButton
        color="inherit"
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="lang-switch"
      >
        <TranslateIcon />
      </IconButton>
      <LazyMenu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            selected={i18n.language === lng}
            lang={lng}
            onClick={() => choose(lng)}
            data-testid={`lang-${lng}`}
          >
            {t(`languages.${lng}`)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
