import type { CheckoutContext } from '@fc/contracts';
import { Avatar, Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Who the money goes to: the player's photo or the organization's logo, the heading and the context. */
export function CheckoutHeader({ context, isFee }: { context: CheckoutContext; isFee: boolean }) {
  const { t } = useTranslation();
  const name = context.fundraiser?.name ?? context.campaign.title;
  const heading = isFee
    ? t('public.checkout.feeTitle', { label: context.feeRequest?.label ?? '' })
    : t('public.donate.title', { name });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <Avatar
        src={context.fundraiser?.avatarUrl ?? context.organization.logoUrl ?? undefined}
        alt=""
        variant={context.fundraiser ? 'circular' : 'rounded'}
        sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {t('public.checkout.pageTitle')}
        </Typography>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          data-testid="page-title"
        >
          {heading}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {isFee || context.fundraiser
            ? t('public.checkout.context', {
                campaign: context.campaign.title,
                organization: context.organization.name,
              })
            : context.organization.name}
        </Typography>
      </Box>
    </Stack>
  );
}
