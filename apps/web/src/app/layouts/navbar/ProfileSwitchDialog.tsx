import { homeForRole, isOrgRole, isStaffRole, type ProfileType, type StoredUser } from '@fc/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSwitchProfile } from '../../../features/auth/api/switch-profile';
import { isApiError } from '../../../lib/api/errors';
import { availableProfileTypes } from '../../../lib/auth/profiles';
import { setStoredUser, setTokens } from '../../../lib/auth/storage';

function currentType(user: StoredUser): ProfileType {
  if (isStaffRole(user.role)) return 'staff';
  if (isOrgRole(user.role)) return 'organization';
  return user.role as ProfileType;
}

/** Spec §8: the server's data.message, else its message, else the generic sentence. */
function switchError(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const data = error.data as { message?: unknown } | undefined;
  if (data && typeof data.message === 'string' && data.message) return data.message;
  return error.message || fallback;
}

/** 'Select User Profile' (spec §2): only the profile types the user holds. */
export function ProfileSwitchDialog({ user, onClose }: { user: StoredUser; onClose: () => void }) {
  const { t } = useTranslation();
  const types = availableProfileTypes(user);
  const [choice, setChoice] = useState<ProfileType | ''>('');
  const [organizationId, setOrganizationId] = useState<number | ''>(
    user.organizationId ?? user.organizations[0]?.id ?? '',
  );
  const mutation = useSwitchProfile();
  const current = currentType(user);

  const ready = choice !== '' && (choice !== 'organization' || organizationId !== '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    mutation.mutate(
      {
        loginRole: choice,
        organizationId: choice === 'organization' && organizationId !== '' ? organizationId : undefined,
      },
      {
        onSuccess: ({ data }) => {
          const { token: _token, accessToken, refreshToken, ...stored } = data;
          setTokens(accessToken, refreshToken);
          setStoredUser(stored);
          // Full reload: every cached query and ability belongs to the previous profile.
          window.location.assign(homeForRole(stored.role));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="profile-dialog-title"
      data-testid="profile-dialog"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="profile-dialog-title">{t('profileSwitch.title')}</DialogTitle>
        <DialogContent>
          {mutation.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {switchError(mutation.error, t('errors.switchFailed'))}
            </Alert>
          ) : null}
          <RadioGroup
            aria-labelledby="profile-dialog-title"
            value={choice}
            onChange={(e) => setChoice(e.target.value as ProfileType)}
          >
            {types.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio slotProps={{ input: { 'data-testid': `profile-option-${type}` } as object }} />}
                label={
                  type === current && (type !== 'organization' || organizationId === user.organizationId)
                    ? t('profileSwitch.current', { type: t(`profileTypes.${type}`) })
                    : t(`profileTypes.${type}`)
                }
              />
            ))}
          </RadioGroup>
          {choice === 'organization' ? (
            <FormControl fullWidth sx={{ mt: 2 }}>
              <InputLabel id="profile-org-label">{t('profileSwitch.organization')}</InputLabel>
              <Select
                labelId="profile-org-label"
                label={t('profileSwitch.organization')}
                value={organizationId}
                onChange={(e) => setOrganizationId(Number(e.target.value))}
                data-testid="profile-organization-select"
              >
                {user.organizations.map((org) => (
                  <MenuItem key={org.id} value={org.id}>
                    {`${org.name} · ${t(`roles.${org.role}`)}`}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!ready || mutation.isPending}
            data-testid="profile-continue"
          >
            {t('profileSwitch.continue')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
