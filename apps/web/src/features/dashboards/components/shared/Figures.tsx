import HelpOutlineIcon from '@mui/icons-material/HelpOutlineRounded';
import { Box, Card, CardContent, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount, useMoney } from './format';

/**
 * A help button that shows, under the figure, how it is computed (a disclosure rather than a
 * hover tooltip: touch screens have no hover, and a screen reader reads it in place).
 */
export function useHelp(text: string, label: string) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = (
    <IconButton
      size="small"
      aria-label={t('dashboards.help', { label })}
      title={text}
      aria-expanded={open}
      aria-controls={id}
      onClick={() => setOpen((o) => !o)}
      sx={{ p: 0.25 }}
    >
      <HelpOutlineIcon fontSize="inherit" />
    </IconButton>
  );
  const panel = (
    <Typography id={id} variant="caption" color="text.secondary" component="p" hidden={!open} sx={{ mt: 0.5 }}>
      {text}
    </Typography>
  );
  return { button, panel };
}

interface StatCardProps {
  label: string;
  value: string;
  /** How the figure is computed. */
  help: string;
  /** "Gross" or "Net" for money cards. */
  basis?: string | undefined;
  testId: string;
}

/** One figure: its value, what it is (gross or net for money) and how it is computed (a hover title and a disclosure). */
export function StatCard({ label, value, help, basis, testId }: StatCardProps) {
  const id = useId();
  const helper = useHelp(help, label);
  return (
    <Card component="article" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography id={id} component="p" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {label}
          </Typography>
          {helper.button}
        </Stack>
        <Typography
          variant="h5"
          component="p"
          data-testid={testId}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontSize: { xs: '1.35rem', sm: '1.5rem' } }}
        >
          {value}
        </Typography>
        {basis ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {basis}
          </Typography>
        ) : null}
        {helper.panel}
      </CardContent>
    </Card>
  );
}

/** Cards in a grid: two a row on a phone (stacked in rows), then as many as fit. */
export function CardGrid({ children, min = 180, label }: { children: ReactNode; min?: number; label?: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(auto-fill, minmax(${min}px, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}

interface SectionProps {
  title: string;
  /** A short line on how the section's figures are computed. */
  help?: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled card (an h2) with its help line. */
export function Section({ title, help, action, children, testId }: SectionProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId} sx={{ mb: 3, minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: help ? 0 : 1 }}>
          <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {help ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {help}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

/** What a dashboard shows while its first answer loads. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')} data-testid="dashboard-loading">
      <CardGrid>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </CardGrid>
      <Skeleton variant="rounded" height={280} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={200} />
    </Box>
  );
}

/** The sponsorship line (decision 019): units paid in the range and their revenue, apart from the donation figures. */
export function SponsorshipCard({ line }: { line: { count: number; revenueCents: number } }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <StatCard
      testId="card-sponsorships"
      label={t('dashboards.sponsorships.label')}
      basis={t('dashboards.sponsorships.sold', { formatted: count(line.count) })}
      value={money(line.revenueCents)}
      help={t('dashboards.sponsorships.help')}
    />
  );
}
