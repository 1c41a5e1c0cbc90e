import type { Analytics, DashboardInterval } from '@fc/contracts';
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { type AnalyticsTable, useAnalyticsCsv } from '../../api/analytics-csv';
import { useAnalytics } from '../../api/dashboards';
import type { AnalyticsParams } from '../../api/keys';
import { DashboardFrame } from '../shared/DashboardFrame';
import { CsvButton } from '../shared/DataTable';
import { RangeControl } from '../shared/LazyRangeControl';
import { MoneyCards } from '../shared/MoneyCards';
import { SeriesSection } from '../shared/SeriesSection';
import { INTERVALS, needsNode, useDashboardQuery } from '../shared/useDashboardQuery';
import { Breakdown } from './Breakdown';
import { Comparison, DonorCards } from './Comparison';

/** `/dashboard/analytics`: money over any range by day, week or month, broken down, and its donors. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { query, set } = useDashboardQuery();
  const waiting = needsNode(user?.role, query.organizationId);
  const result = useAnalytics(query, !waiting);
  return (
    <DashboardFrame
      title={t('dashboards.analytics.title')}
      subtitle={result.data?.scope.organization?.name ?? t('dashboards.analytics.subtitle')}
      control={
        <RangeControl scope={waiting ? undefined : result.data?.scope}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={query.interval}
            onChange={(_e, v: DashboardInterval | null) => v && set({ interval: v })}
            aria-label={t('dashboards.analytics.interval')}
            data-testid="interval"
          >
            {INTERVALS.map((i) => (
              <ToggleButton key={i} value={i} data-testid={`interval-${i}`}>
                {t(`dashboards.analytics.intervals.${i}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </RangeControl>
      }
      query={result}
      prompt={waiting ? t('dashboards.range.chooseNode') : undefined}
    >
      {(a) => <AnalyticsBody a={a} query={query} onDrill={(id) => set({ organizationId: id })} />}
    </DashboardFrame>
  );
}

const twoColumns = {
  display: 'grid',
  gap: { lg: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
};

function AnalyticsBody({ a, query, onDrill }: { a: Analytics; query: AnalyticsParams; onDrill: (id: number) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const csv = useAnalyticsCsv();
  const download = (table: AnalyticsTable) =>
    csv.mutate({ table, params: query }, { onError: (error) => toast.error(errorMessage(error, t('errors.generic'))) });
  const busy = (table: AnalyticsTable) => csv.isPending && csv.variables?.table === table;
  const breakdown = (table: AnalyticsTable) => ({ table, onCsv: () => download(table), csvBusy: busy(table) });
  return (
    <>
      <MoneyCards money={a.money} />
      <DonorCards a={a} />
      <SeriesSection
        points={a.series}
        interval={a.interval}
        title={t('dashboards.series.title')}
        action={<CsvButton onClick={() => download('series')} busy={busy('series')} testId="csv-series" />}
      />
      <Comparison a={a} />
      <Breakdown
        {...breakdown('children')}
        rows={a.byChild}
        title={t('dashboards.analytics.byChild')}
        help={t('dashboards.analytics.byChildHelp')}
        onDrill={onDrill}
      />
      <Box sx={twoColumns}>
        <Breakdown
          {...breakdown('campaigns')}
          rows={a.byCampaign}
          title={t('dashboards.analytics.byCampaign')}
          help={t('dashboards.analytics.byCampaignHelp')}
        />
        <Breakdown
          {...breakdown('methods')}
          rows={a.byMethod}
          title={t('dashboards.analytics.byMethod')}
          help={t('dashboards.analytics.byMethodHelp')}
          labelOf={(r) => (['card', 'offline'].includes(r.key) ? t(`dashboards.methods.${r.key}`) : r.label)}
        />
      </Box>
    </>
  );
}
