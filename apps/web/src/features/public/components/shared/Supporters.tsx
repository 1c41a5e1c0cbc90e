import type { PublicCampaign } from '@fc/contracts';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatAgo, formatUsd } from '../../format';

type Supporter = PublicCampaign['recentSupporters'][number];

/** The latest gifts; a donor who gave anonymously shows as "Anonymous". */
export function Supporters({ supporters }: { supporters: Supporter[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Card component="section" aria-labelledby="supporters-title">
      <CardContent>
        <Typography id="supporters-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('public.supporters.title')}
        </Typography>
        {supporters.length === 0 ? (
          <Typography color="text.secondary" data-testid="supporters-empty">
            {t('public.supporters.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="supporters">
            {supporters.map((s, i) => (
              <ListItem
                key={`${s.at}|${s.name ?? ''}|${s.amountCents ?? ''}`}
                disableGutters
                divider={i < supporters.length - 1}
                sx={{ gap: 1 }}
              >
                <ListItemText
                  primary={s.name ?? t('public.supporters.anonymous')}
                  secondary={
                    <>
                      {formatAgo(s.at, lng)}
                      {s.message ? (
                        <Typography component="span" variant="body2" sx={{ display: 'block', fontStyle: 'italic' }}>
                          “{s.message}”
                        </Typography>
                      ) : null}
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                {s.amountCents !== null ? (
                  <Typography sx={{ fontWeight: 700, flexShrink: 0 }}>{formatUsd(s.amountCents, lng)}</Typography>
                ) : null}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
