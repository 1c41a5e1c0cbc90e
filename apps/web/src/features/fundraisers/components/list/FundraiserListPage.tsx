import { Box, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { SearchField } from '../../../../components/ui/SearchField';
import { ErrorState } from '../../../../components/ui/States';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useAddressParams } from '../../../../lib/useAddressParams';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useFundraisers } from '../../api/get-fundraisers';
import type { FundraiserListParams } from '../../api/keys';
import { FundraiserGrid, isFundraiserSortColumn } from './FundraiserGrid';

/** /fundraisers/list: every player in the signed-in user's scope (GET /fundraiser/filter). */
export function FundraiserListPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, updateParams] = useAddressParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const { grid, resetPage, pageParams } = useServerGrid(isFundraiserSortColumn);
  const q = useDebouncedValue(search.trim());
  const { perPage, ...paging } = pageParams;

  const query: FundraiserListParams = {
    // The spec's client sends who is asking; the server checks both against the token.
    userRole: user?.role,
    userId: user?.id,
    search: q || undefined,
    limit: perPage,
    ...paging,
  };
  const list = useFundraisers(query);

  return (
    <>
      <PageHeader title={t('fundraisers.list.title')} subtitle={t('fundraisers.list.subtitle')} />
      <Card>
        <CardContent>
          <Box sx={{ mb: 2, maxWidth: { sm: 420 } }}>
            <SearchField
              fullWidth
              size="small"
              label={t('fundraisers.list.search')}
              value={search}
              testId="fundraiser-search"
              onChange={(e) => {
                const v = e.target.value;
                setSearch(v);
                resetPage();
                updateParams((next) => {
                  if (v.trim()) next.set('q', v.trim());
                  else next.delete('q');
                });
              }}
            />
          </Box>
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          <FundraiserGrid
            rows={list.data?.data ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            emptyMessage={q ? t('fundraisers.list.noMatch') : t('fundraisers.list.empty')}
            {...grid}
          />
        </CardContent>
      </Card>
    </>
  );
}
