import type { DashboardScope, OrgRef } from '@fc/contracts';
import { Box, Breadcrumbs, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/DateField';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../../components/ui/OrgAutocomplete';
import { useNodeOptions } from '../../api/dashboards';
import { isIsoDate, presetOf, presetRange, RANGE_PRESETS, type RangePreset } from './range';
import { useDashboardQuery } from './useDashboardQuery';

interface RangeControlProps {
  /** What the dashboard answered for (the resolved range, the node and its trail). */
  scope: DashboardScope | undefined;
  /** Show the node picker and the trail (not on a family's dashboard). */
  nodes?: boolean;
  /** More controls on the same bar (the analytics interval). */
  children?: ReactNode;
}

/** The date range and node of every dashboard (the same control on each), kept in the address. */
export function RangeControl({ scope, nodes = true, children }: RangeControlProps) {
  const { t } = useTranslation();
  const { query, set } = useDashboardQuery();
  const [custom, setCustom] = useState(false);
  const preset = presetOf(query.from ?? '', query.to ?? '');
  const choice: RangePreset | 'custom' = custom || !preset ? 'custom' : preset;
  const [from, setFrom] = useState(query.from ?? scope?.from ?? '');
  const [to, setTo] = useState(query.to ?? scope?.to ?? '');
  const rangeError = isIsoDate(from) && isIsoDate(to) && from > to;

  const choose = (value: string) => {
    if (value === 'custom') {
      setCustom(true);
      setFrom(query.from ?? scope?.from ?? '');
      setTo(query.to ?? scope?.to ?? '');
      return;
    }
    setCustom(false);
    set(presetRange(value as RangePreset));
  };
  const apply = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (isIsoDate(nextFrom) && isIsoDate(nextTo) && nextFrom <= nextTo) set({ from: nextFrom, to: nextTo });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label={t('dashboards.range.label')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('dashboards.range.period')}
          value={choice}
          onChange={(e) => choose(e.target.value)}
          sx={{ minWidth: 190 }}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'range-preset' } }}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`dashboards.range.presets.${p}`)}
            </option>
          ))}
          <option value="custom">{t('dashboards.range.presets.custom')}</option>
        </TextField>
        {choice === 'custom' ? (
          <Stack direction="row" spacing={1}>
            <DateField
              size="small"
              label={t('dashboards.range.from')}
              value={from}
              onChange={(v) => apply(v, to)}
              testId="range-from"
              max={isIsoDate(to) ? to : undefined}
            />
            <DateField
              size="small"
              label={t('dashboards.range.to')}
              value={to}
              onChange={(v) => apply(from, v)}
              testId="range-to"
              min={isIsoDate(from) ? from : undefined}
              error={rangeError}
              helperText={rangeError ? t('dashboards.range.endBeforeStart') : undefined}
            />
          </Stack>
        ) : null}
        {nodes ? <NodePicker scope={scope} onChange={(id) => set({ organizationId: id })} /> : null}
        {children}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="range-summary">
        {scope ? <RangeSummary from={scope.from} to={scope.to} /> : '\u00a0'}
      </Typography>
      {nodes && scope ? (
        <Trail scope={scope} picked={query.organizationId !== undefined} onPick={(id) => set({ organizationId: id })} />
      ) : null}
    </Paper>
  );
}

function RangeSummary({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string) => f.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  return <>{t('dashboards.range.summary', { from: day(from), to: day(to) })}</>;
}

/** An organization search over the nodes the caller may read; clearing it returns to their own scope. */
function NodePicker({ scope, onChange }: { scope: DashboardScope | undefined; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const search = useOrgPickerSearch();
  const options = useNodeOptions(search.q, search.open);
  const value = (scope?.organization ?? null) as OrgRef | null;
  return (
    <OrgAutocomplete
      search={search}
      options={options.data ?? []}
      query={options}
      value={value}
      onChange={(v) => onChange(v?.id ?? null)}
      label={t('dashboards.range.node')}
      noMatchText={t('dashboards.range.noMatch')}
      noneText={t('dashboards.range.noNodes')}
      testId="range-node"
      sx={{ minWidth: 240, flexGrow: 1 }}
    />
  );
}

/** The drill-down trail: the node's readable ancestors, root first, then the node. */
function Trail({
  scope,
  picked,
  onPick,
}: {
  scope: DashboardScope;
  picked: boolean;
  onPick: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  if (!scope.organization && scope.trail.length === 0 && !picked) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Breadcrumbs aria-label={t('dashboards.range.trail')} data-testid="scope-trail">
        {scope.trail.map((n) => (
          <Link key={n.id} component="button" type="button" onClick={() => onPick(n.id)} underline="hover">
            {n.name}
          </Link>
        ))}
        {scope.organization ? (
          <Typography color="text.primary" aria-current="page">
            {scope.organization.name}
          </Typography>
        ) : null}
      </Breadcrumbs>
      {picked ? (
        <Button size="small" onClick={() => onPick(null)} sx={{ mt: 0.5 }} data-testid="scope-reset">
          {t('dashboards.range.reset')}
        </Button>
      ) : null}
    </Box>
  );
}
