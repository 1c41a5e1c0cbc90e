import type { DonationDetail } from '@fc/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/States';
import { useDateTime, useMoney } from '../shared/format';
import { eventText } from './eventText';

/** Event kinds with a translated name; others show the server's kind as it is. */
const KNOWN = new Set([
  'created',
  'intent_created',
  'resumed',
  'amount_changed',
  'processing',
  'succeeded',
  'failed',
  'cancelled',
  'refund_requested',
  'refunded',
  'refund_failed',
  'receipt_sent',
  'reminder_sent',
  'recorded',
  'voided',
]);

type Tone = 'success.main' | 'error.main' | 'warning.main' | 'info.main' | 'text.disabled';
function toneOf(kind: string): Tone {
  if (kind === 'succeeded' || kind === 'recorded') return 'success.main';
  if (kind.includes('fail')) return 'error.main';
  if (kind.startsWith('refund') || kind === 'cancelled' || kind === 'voided') return 'warning.main';
  if (kind === 'processing' || kind === 'amount_changed' || kind === 'resumed') return 'info.main';
  return 'text.disabled';
}

/** The payment's history, oldest first (newest last), as the server recorded it. */
export function TimelineCard({ donation }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const money = useMoney();
  const events = [...donation.events].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <Card component="section" aria-labelledby="donation-timeline-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="donation-timeline-title" sx={{ mb: 2 }}>
          {t('donations.timeline.title')}
        </Typography>
        {events.length === 0 ? (
          <EmptyState message={t('donations.timeline.empty')} />
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="donation-timeline">
            {events.map((e, i) => (
              <Box
                component="li"
                key={e.id}
                data-kind={e.kind}
                sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5, position: 'relative' }}
              >
                <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center' }} aria-hidden>
                  <Box
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: toneOf(e.kind), mt: 0.75, zIndex: 1 }}
                  />
                  {i < events.length - 1 ? (
                    <Box sx={{ position: 'absolute', top: 18, bottom: 0, width: 2, bgcolor: 'divider' }} />
                  ) : null}
                </Box>
                <Box sx={{ pb: i < events.length - 1 ? 2 : 0, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {KNOWN.has(e.kind) ? t(`donations.timeline.kinds.${e.kind}`) : e.kind}
                    </Typography>
                    {e.amountCents !== null ? (
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {money(e.amountCents)}
                      </Typography>
                    ) : null}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={e.createdAt}>{dateTime(e.createdAt)}</time>
                    {e.actorName ? ` · ${e.actorName}` : ''}
                  </Typography>
                  {e.message ? (
                    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                      {eventText(t, e.message)}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
