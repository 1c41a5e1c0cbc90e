import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Button, Stack } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { LOGO_MAX_BYTES, LOGO_TYPES, useUploadLogo } from '../../api/upload-logo';

interface OrgLogoProps {
  id: number;
  name: string;
  logoUrl: string | null;
  canUpload: boolean;
  size?: number;
}

/** The node's logo; with `canUpload` a button uploads a new one (JPEG, PNG or WebP, 2 MB). */
export function OrgLogo({ id, name, logoUrl, canUpload, size = 88 }: OrgLogoProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useUploadLogo();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return toast.error(t('avatar.badType'));
    if (file.size > LOGO_MAX_BYTES) return toast.error(t('avatar.tooLarge'));
    mutation.mutate(
      { id, file },
      {
        onSuccess: () => toast.success(t('orgs.logo.uploaded')),
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        src={logoUrl ?? undefined}
        alt={t('orgs.logo.alt', { name })}
        sx={{ width: size, height: size, fontSize: size / 2.5, bgcolor: 'primary.main' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      {canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            hidden
            onChange={onFile}
            data-testid="logo-input"
          />
          <Button
            size="small"
            startIcon={<PhotoCameraIcon />}
            onClick={() => input.current?.click()}
            disabled={mutation.isPending}
          >
            {t('orgs.logo.upload')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
