import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, useUploadPhoto } from '../../api/upload-photo';

interface PlayerPhotoProps {
  playerId: number;
  name: string;
  avatarUrl: string | null;
  canUpload: boolean;
  size?: number;
}

/** The player's photo and, for those who may change it, an upload button (POST /admin/fundraiser/{id}/avatar). */
export function PlayerPhoto({ playerId, name, avatarUrl, canUpload, size = 96 }: PlayerPhotoProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return toast.error(t('avatar.badType'));
    if (file.size > PHOTO_MAX_BYTES) return toast.error(t('avatar.tooLarge'));
    upload.mutate(
      { id: playerId, file },
      {
        onSuccess: () => toast.success(t('fundraisers.photo.uploaded')),
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        src={avatarUrl ?? undefined}
        alt={t('avatar.alt', { name })}
        sx={{ width: size, height: size, fontSize: size / 2.5 }}
        data-testid="player-photo"
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      {canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hidden
            onChange={onFile}
            data-testid="player-photo-input"
          />
          <Button
            size="small"
            startIcon={<PhotoCameraIcon />}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            data-testid="player-photo-button"
          >
            {avatarUrl ? t('fundraisers.photo.change') : t('avatar.upload')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('avatar.hint')}
          </Typography>
        </>
      ) : null}
    </Stack>
  );
}
