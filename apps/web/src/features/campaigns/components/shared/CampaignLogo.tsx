import type { CampaignDetail } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../../components/ui/ImageUpload';
import { useUploadCampaignLogo } from '../../api/save-campaign';

interface CampaignLogoProps {
  campaign: Pick<CampaignDetail, 'id' | 'title' | 'logoImage'>;
  canUpload: boolean;
  size?: number;
}

/** The campaign's logo; with `canUpload` a button uploads a new one (POST /admin/campaign/{id}/avatar). */
export function CampaignLogo({ campaign, canUpload, size = 88 }: CampaignLogoProps) {
  const { t } = useTranslation();
  const mutation = useUploadCampaignLogo();
  return (
    <ImageUpload
      src={campaign.logoImage}
      alt={t('campaigns.logo.alt', { title: campaign.title })}
      letter={campaign.title.charAt(0).toUpperCase()}
      size={size}
      variant="rounded"
      layout="row"
      canUpload={canUpload}
      mutation={mutation}
      variables={(file) => ({ id: campaign.id, file })}
      uploadLabel={t('campaigns.logo.upload')}
      uploadedText={t('campaigns.logo.uploaded')}
      hint
      testIds={{ image: 'campaign-logo', input: 'campaign-logo-input' }}
    />
  );
}
