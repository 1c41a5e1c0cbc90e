import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/ui/ImageUpload';
import { useUploadLogo } from '../../api/upload-logo';

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
  const mutation = useUploadLogo();
  return (
    <ImageUpload
      src={logoUrl}
      alt={t('orgs.logo.alt', { name })}
      letter={name.charAt(0).toUpperCase()}
      size={size}
      variant="rounded"
      canUpload={canUpload}
      mutation={mutation}
      variables={(file) => ({ id, file })}
      uploadLabel={t('orgs.logo.upload')}
      uploadedText={t('orgs.logo.uploaded')}
      testIds={{ input: 'logo-input' }}
    />
  );
}
