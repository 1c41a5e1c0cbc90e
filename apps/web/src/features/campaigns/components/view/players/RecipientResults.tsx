import type { RecipientResult } from '@fc/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { Alert, List, ListItem, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface RecipientResultsProps {
  results: RecipientResult[];
  /** The player's name for a campaign fundraiser id, when known. */
  nameOf: (id: number) => string | null;
}

/** One line per family reached: sent, or the reason it failed. Failures first. */
export function RecipientResults({ results, nameOf }: RecipientResultsProps) {
  const { t } = useTranslation();
  const failed = results.filter((r) => !r.ok).length;
  const sent = results.length - failed;
  const sorted = [...results].sort((a, b) => Number(a.ok) - Number(b.ok));
  return (
    <>
      <Alert severity={failed === 0 ? 'success' : sent === 0 ? 'error' : 'warning'} data-testid="bulk-summary">
        {t('campaigns.bulk.summary', { sent, failed })}
      </Alert>
      {results.length > 0 ? (
        // Focusable so that keyboard users can scroll a long list (it holds nothing else to focus).
        <Paper
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={t('campaigns.bulk.results')}
          sx={{ maxHeight: 320, overflow: 'auto' }}
        >
          <List dense aria-label={t('campaigns.bulk.results')} data-testid="bulk-results">
            {sorted.map((r) => (
              <ListItem key={r.id} data-testid={`bulk-result-${r.id}`} data-ok={r.ok ? 'true' : 'false'}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {r.ok ? (
                    <CheckCircleIcon color="success" fontSize="small" titleAccess={t('campaigns.bulk.ok')} />
                  ) : (
                    <ErrorIcon color="error" fontSize="small" titleAccess={t('campaigns.bulk.failed')} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={[nameOf(r.id), r.email].filter(Boolean).join(' · ') || `#${r.id}`}
                  secondary={r.ok ? t('campaigns.bulk.ok') : (r.error ?? t('campaigns.bulk.failed'))}
                  slotProps={{ secondary: { color: r.ok ? 'text.secondary' : 'error' } }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </>
  );
}
