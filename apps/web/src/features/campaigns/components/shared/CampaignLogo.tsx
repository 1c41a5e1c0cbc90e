import type { CampaignDetail } from '@fc/contracts';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { LOGO_MAX_BYTES, LOGO_TYPES, useUploadCampaignLogo } from '../../api/save-campaign';

interface CampaignLogoProps {
  campaign: Pick<CampaignDetail, 'id' | 'title' | 'logoImage'>;
  canUpload: boolean;
  size?: number;
}

/** The campaign's logo; with `canUpload` a button uploads a new one (POST /admin/campaign/{id}/avatar). */
export function CampaignLogo({ campaign, canUpload, size = 88 }: CampaignLogoProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useUploadCampaignLogo();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return toast.error(t('avatar.badType'));
    if (file.size > LOGO_MAX_BYTES) return toast.error(t('avatar.tooLarge'));
    mutation.mutate(
      { id: campaign.id, file },
      {
        onSuccess: () => toast.success(t('campaigns.logo.uploaded')),
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );
  };

  return (
    <Stack direction={canUpload ? 'row' : 'column'} spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        src={campaign.logoImage ?? undefined}
        alt={t('campaigns.logo.alt', { title: campaign.title })}
        sx={{ width: size, height: size, fontSize: size / 2.5, bgcolor: 'primary.main' }}
        data-testid="campaign-logo"
      >
        {campaign.title.charAt(0).toUpperCase()}
      </Avatar>
      {canUpload ? (
        <Stack spacing={0.5}>
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            hidden
            onChange={onFile}
            data-testid="campaign-logo-input"
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            onClick={() => input.current?.click()}
            disabled={mutation.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('campaigns.logo.upload')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('avatar.hint')}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
