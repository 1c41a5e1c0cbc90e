import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, useUploadAvatar } from '../../api/upload-avatar';
import { useSyncSelf } from './useSyncSelf';

interface AvatarUploadProps {
  userId: number;
  name: string;
  avatar: string | null;
  /** Uploading for someone else adds ?id= (admins). */
  own: boolean;
  size?: number;
}

export function AvatarUpload({ userId, name, avatar, own, size = 96 }: AvatarUploadProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useUploadAvatar();
  const syncSelf = useSyncSelf();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return toast.error(t('avatar.badType'));
    if (file.size > AVATAR_MAX_BYTES) return toast.error(t('avatar.tooLarge'));
    mutation.mutate(
      { file, id: own ? undefined : userId },
      {
        onSuccess: (res) => {
          syncSelf({ id: userId, avatar: res.data.avatar });
          toast.success(t('avatar.uploaded'));
        },
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        src={avatar ?? undefined}
        alt={t('avatar.alt', { name })}
        sx={{ width: size, height: size, fontSize: size / 2.5 }}
      >
        {name.charAt(0)}
      </Avatar>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        onChange={onFile}
        data-testid="avatar-input"
      />
      <Button
        size="small"
        startIcon={<PhotoCameraIcon />}
        onClick={() => input.current?.click()}
        disabled={mutation.isPending}
      >
        {t('avatar.upload')}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {t('avatar.hint')}
      </Typography>
    </Stack>
  );
}
