import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/ui/ImageUpload';
import { useUploadAvatar } from '../../api/upload-avatar';
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
  const mutation = useUploadAvatar();
  const syncSelf = useSyncSelf();
  return (
    <ImageUpload
      src={avatar}
      alt={t('avatar.alt', { name })}
      letter={name.charAt(0)}
      size={size}
      mutation={mutation}
      variables={(file) => ({ file, id: own ? undefined : userId })}
      onUploaded={(res) => syncSelf({ id: userId, avatar: res.data.avatar })}
      uploadLabel={t('avatar.upload')}
      uploadedText={t('avatar.uploaded')}
      hint
      testIds={{ input: 'avatar-input' }}
    />
  );
}
