import type { InviteInfo } from '@fc/contracts';
import { Avatar, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Who is invited to what: the heading of the acceptance page. */
export function InviteSummary({ info }: { info: InviteInfo }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={info.logoImage ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: 64, height: 64, bgcolor: 'primary.main' }}
      >
        {info.campaignTitle.charAt(0)}
      </Avatar>
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
          {t('public.invite.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="invite-summary">
          {t('public.invite.summary', {
            player: `${info.playerFirstName} ${info.playerLastName}`,
            campaign: info.campaignTitle,
            organization: info.organizationName,
          })}
        </Typography>
      </div>
    </Stack>
  );
}
