import type { RegistrationFilter, RegistrationSummary } from '@fc/contracts';
import { Box, ButtonBase, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { count } from '../../../../lib/format';

const CARDS = ['total', 'submitted', 'pending', 'approved', 'rejected'] as const;
/** The filter each card applies (the total is every record). */
const FILTER: Record<(typeof CARDS)[number], RegistrationFilter> = {
  total: 'all',
  submitted: 'submitted',
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};

interface SummaryCardsProps {
  summary: RegistrationSummary | undefined;
  status: RegistrationFilter;
  onStatus: (status: RegistrationFilter) => void;
}

/** Counts of every record the caller may see; each card is also the status filter it names. */
export function SummaryCards({ summary, status, onStatus }: SummaryCardsProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('registrations.summary.label')}
      aria-busy={!summary}
      data-testid="registrations-summary"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, 1fr)' },
      }}
    >
      {CARDS.map((card) => {
        const active = status === FILTER[card];
        return (
          <ButtonBase
            key={card}
            onClick={() => onStatus(FILTER[card])}
            aria-pressed={active}
            data-testid={`registrations-card-${card}`}
            sx={{
              display: 'block',
              textAlign: 'left',
              p: 1.5,
              borderRadius: 1,
              border: 1,
              borderColor: active ? 'primary.main' : 'divider',
              bgcolor: active ? 'action.selected' : 'action.hover',
              gridColumn: card === 'total' ? { xs: '1 / -1', sm: 'auto' } : undefined,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {t(`registrations.summary.${card}`)}
            </Typography>
            {summary ? (
              <Typography variant="h6" component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {count(summary[card])}
              </Typography>
            ) : (
              <Skeleton width={40} height={32} />
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
