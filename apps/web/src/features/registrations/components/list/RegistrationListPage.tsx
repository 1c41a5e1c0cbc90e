import { REGISTRATION_FILTERS, type RegistrationFilter } from '@fc/contracts';
import { Card, CardContent, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { SearchField } from '../../../../components/ui/SearchField';
import { ErrorState } from '../../../../components/ui/States';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useRegistrations } from '../../api/get-registrations';
import { isRegistrationSortColumn, RegistrationGrid } from './RegistrationGrid';
import { SummaryCards } from './SummaryCards';
import { useRegistrationFilters } from './useRegistrationFilters';

/**
 * /onboarding/list (spec §7 Registrations; FYS Sales and Super Admin): team registrations with
 * summary cards that filter, status tabs, a search kept in the address, server sort and pages.
 */
export function RegistrationListPage() {
  const { t } = useTranslation();
  const { values, set } = useRegistrationFilters();
  const { grid, resetPage, pageParams } = useServerGrid(isRegistrationSortColumn);
  const q = useDebouncedValue(values.q.trim());
  const list = useRegistrations({ status: values.status, ...(q ? { q } : {}), ...pageParams });
  const onStatus = (status: RegistrationFilter) => {
    set({ status });
    resetPage();
  };
  const filtered = Boolean(q) || values.status !== 'all';

  return (
    <>
      <PageHeader title={t('registrations.list.title')} subtitle={t('registrations.list.subtitle')} />
      <Card>
        <CardContent>
          <SummaryCards summary={list.data?.data.summary} status={values.status} onStatus={onStatus} />
          <SearchField
            label={t('registrations.list.search')}
            value={values.q}
            onChange={(e) => {
              set({ q: e.target.value });
              resetPage();
            }}
            fullWidth
            size="small"
            sx={{ mb: 1 }}
            testId="registrations-search"
          />
          <Tabs
            value={values.status}
            onChange={(_e, v: RegistrationFilter) => onStatus(v)}
            aria-label={t('registrations.list.filterLabel')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {REGISTRATION_FILTERS.map((f) => (
              <Tab
                key={f}
                value={f}
                label={t(`registrations.filters.${f}`)}
                data-testid={`registrations-filter-${f}`}
              />
            ))}
          </Tabs>
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          <RegistrationGrid
            rows={list.data?.data.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            emptyMessage={filtered ? t('registrations.list.noMatch') : t('registrations.list.empty')}
            {...grid}
          />
        </CardContent>
      </Card>
    </>
  );
}
