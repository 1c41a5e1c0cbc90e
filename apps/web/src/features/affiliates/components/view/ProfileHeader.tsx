import type { AffiliateDetail } from '@fc/contracts';
import { Avatar, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../../lib/format';
import { AffiliateStatusChip } from '../shared/Chips';
import { AdminActions } from './AdminActions';

/** The affiliate's card: avatar, name, e-mail, status, public page, website, phone, payout method, the invitation. */
export function ProfileHeader({ affiliate: a, manage }: { affiliate: AffiliateDetail; manage: boolean }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const name = fullName(a.first_name, a.last_name);
  const lines: [string, ReactNode][] = [
    [
      t('affiliates.fields.publicPage'),
      a.status === 'active' || a.status === 'paused' ? (
        <Link key="page" href={a.publicPath} target="_blank" rel="noopener" data-testid="affiliate-public-link">
          {a.publicPath}
        </Link>
      ) : (
        `${a.publicPath} (${t('affiliates.view.notPublic')})`
      ),
    ],
    [
      t('affiliates.fields.website'),
      a.website ? (
        <Link key="web" href={a.website} target="_blank" rel="noopener nofollow">
          {a.website}
        </Link>
      ) : (
        '—'
      ),
    ],
    [t('affiliates.fields.phone'), a.phone ?? '—'],
    [
      t('affiliates.fields.payout'),
      a.payoutMethod
        ? `${t(`affiliates.payoutMethod.${a.payoutMethod}`)}${a.payoutTo ? ` · ${a.payoutTo}` : ''}`
        : t('affiliates.view.noPayout'),
    ],
    [t('affiliates.fields.language'), t(`languages.${a.language}`)],
  ];
  if (a.invitation)
    lines.push([
      t('affiliates.fields.invitation'),
      a.invitation.usedAt
        ? t('affiliates.view.invitationUsed', { date: date(a.invitation.usedAt) })
        : t('affiliates.view.invitationSent', {
            sent: date(a.invitation.sentAt),
            expires: date(a.invitation.expiresAt),
          }),
    ]);
  return (
    <Card data-testid="affiliate-header">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
          <Avatar src={a.avatarUrl ?? undefined} alt={name} sx={{ width: 80, height: 80, fontSize: 32 }}>
            {a.first_name.charAt(0)}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <AffiliateStatusChip status={a.status} testId="affiliate-status" />
            </Stack>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {a.email}
            </Typography>
            {a.bio ? (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                {a.bio}
              </Typography>
            ) : null}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 0.5,
                mt: 2,
                mb: 0,
              }}
            >
              {lines.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
          {manage ? <AdminActions affiliate={a} /> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
