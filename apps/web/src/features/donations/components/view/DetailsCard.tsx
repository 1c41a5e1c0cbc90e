import type { DonationDetail } from '@fc/contracts';
import { Box, Card, CardContent, Chip, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { providerMessage } from '../../../../lib/i18n/validation';
import { useDateTime } from '../shared/format';
import { DetailList, DetailRow } from './DetailList';
import { intentStatusText } from './eventText';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875em' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Who gave, to whom, and the donor's message. */
export function DonorCard({ donation: d }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const canSeePlayers = ability.can('read', 'players') || ability.can('read', 'fundraisers');
  return (
    <Section id="donation-donor-title" title={t('donations.view.giftSection')}>
      <DetailList testId="donation-people">
        <DetailRow label={t('donations.fields.donor')}>
          {d.donorId ? (
            <Link component={RouterLink} to={`/donations/donor/${d.donorId}`} data-testid="donation-donor-link">
              {d.donorName}
            </Link>
          ) : (
            d.donorName
          )}
          {d.anonymous ? (
            <Chip size="small" variant="outlined" label={t('donations.anonymous.long')} sx={{ ml: 1 }} />
          ) : null}
        </DetailRow>
        <DetailRow label={t('fields.email')}>
          <Link href={`mailto:${d.donorEmail}`}>{d.donorEmail}</Link>
        </DetailRow>
        <DetailRow label={t('donations.fields.player')}>
          {d.playerId && d.playerName ? (
            canSeePlayers ? (
              <Link component={RouterLink} to={`/fundraisers/view/${d.playerId}`} data-testid="donation-player-link">
                {d.playerName}
              </Link>
            ) : (
              d.playerName
            )
          ) : (
            t('donations.view.noPlayer')
          )}
        </DetailRow>
        <DetailRow label={t('donations.fields.campaign')}>
          {d.campaignId === null ? (
            '—'
          ) : ability.can('read', 'campaigns') ? (
            <Link component={RouterLink} to={`/campaigns/view/${d.campaignId}`} data-testid="donation-campaign-link">
              {d.campaignTitle}
            </Link>
          ) : (
            d.campaignTitle
          )}
        </DetailRow>
        <DetailRow label={t('donations.fields.organization')}>{d.organizationName}</DetailRow>
        <DetailRow label={t('donations.fields.kind')}>
          {d.kind === 'fee' && d.feeLabel ? `${t('donations.kind.fee')}: ${d.feeLabel}` : t(`donations.kind.${d.kind}`)}
        </DetailRow>
      </DetailList>
      {d.message ? (
        <Box
          component="figure"
          sx={{
            m: 0,
            mt: 2,
            p: 2,
            borderLeft: 4,
            borderColor: 'primary.main',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          <Typography component="figcaption" variant="caption" color="text.secondary">
            {t('donations.view.message')}
          </Typography>
          <Typography component="blockquote" sx={{ m: 0, whiteSpace: 'pre-line' }} data-testid="donation-message">
            {d.message}
          </Typography>
        </Box>
      ) : null}
    </Section>
  );
}

/** How it was paid: method, provider, intent, receipt, offline reference, dates. */
export function PaymentCard({ donation: d }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Section id="donation-payment-title" title={t('donations.view.paymentSection')}>
      <DetailList testId="donation-payment">
        <DetailRow label={t('donations.fields.method')}>{t(`donations.method.${d.method}`)}</DetailRow>
        {d.method === 'card' ? (
          <>
            <DetailRow label={t('donations.fields.provider')}>
              {d.provider ? t(`donations.provider.${d.provider === 'stripe' ? 'stripe' : 'sandbox'}`) : '—'}
            </DetailRow>
            <DetailRow label={t('donations.fields.paymentIntent')}>
              <Box component="span" sx={mono}>
                {d.paymentIntentId ?? '—'}
              </Box>
            </DetailRow>
            <DetailRow label={t('donations.fields.intentStatus')}>
              <Box component="span" title={d.intentStatus ?? undefined} data-testid="donation-intent-status">
                {intentStatusText(t, d.intentStatus) ?? '—'}
              </Box>
            </DetailRow>
          </>
        ) : (
          <>
            <DetailRow label={t('donations.fields.reference')}>{d.offlineReference ?? '—'}</DetailRow>
            <DetailRow label={t('donations.fields.recordedBy')}>{d.recordedBy ?? '—'}</DetailRow>
          </>
        )}
        {d.failureMessage ? (
          <DetailRow label={t('donations.fields.failure')}>{providerMessage(t, d.failureMessage)}</DetailRow>
        ) : null}
        <DetailRow label={t('donations.fields.receipt')} testId="donation-receipt-number">
          {d.receiptNumber ?? t('donations.view.noReceipt')}
        </DetailRow>
        <DetailRow label={t('donations.fields.language')}>
          {/* The language's name in the UI language (`languages.*` are the switch's own names). */}
          {t(`donations.languageNames.${d.language === 'es' ? 'es' : 'en'}`)}
        </DetailRow>
        <DetailRow label={t('fields.createdAt')}>{dateTime(d.createdAt)}</DetailRow>
        <DetailRow label={t('donations.fields.completedAt')}>{d.completedAt ? dateTime(d.completedAt) : '—'}</DetailRow>
      </DetailList>
    </Section>
  );
}
