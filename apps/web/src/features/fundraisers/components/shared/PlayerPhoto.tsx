import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/ui/ImageUpload';
import { useUploadPhoto } from '../../api/upload-photo';

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
  const upload = useUploadPhoto();
  return (
    <ImageUpload
      src={avatarUrl}
      alt={t('avatar.alt', { name })}
      letter={name.charAt(0).toUpperCase()}
      size={size}
      canUpload={canUpload}
      mutation={upload}
      variables={(file) => ({ id: playerId, file })}
      uploadLabel={avatarUrl ? t('fundraisers.photo.change') : t('avatar.upload')}
      uploadedText={t('fundraisers.photo.uploaded')}
      hint
      testIds={{ image: 'player-photo', input: 'player-photo-input', button: 'player-photo-button' }}
    />
  );
}
