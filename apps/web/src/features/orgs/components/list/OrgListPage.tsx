import { isStaffRole, type OrgRef, type OrgTypeId } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Button, Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useAddressParams } from '../../../../lib/useAddressParams';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useOrgs } from '../../api/get-orgs';
import type { OrgListParams } from '../../api/keys';
import { CreateOrgDialog } from '../shared/CreateOrgDialog';
import { listPath, subjectOf, typeName, viewPath } from '../shared/orgTypes';
import { OrgFilters, type OrgStatus } from './OrgFilters';
import { isOrgSortColumn, OrgGrid } from './OrgGrid';

interface OrgListPageProps {
  typeId: OrgTypeId;
  /** `search` (/orgs/teams/search): results appear once something is typed. */
  mode?: 'list' | 'search';
  /** /orgs/teams/add-team: the list with its "Add" dialog open; closing it returns to the list. */
  startAdding?: boolean;
}

/** The list of one node type: /orgs/{organizations|leagues|teams|divisions}/list and /orgs/teams/search. */
export function OrgListPage({ typeId, mode = 'list', startAdding = false }: OrgListPageProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params, updateParams] = useAddressParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [parent, setParent] = useState<OrgRef | null>(null);
  const [sales, setSales] = useState<number | null>(null);
  const [status, setStatus] = useState<OrgStatus | ''>('');
  const { grid, resetPage, pageParams } = useServerGrid(isOrgSortColumn);
  const [adding, setAdding] = useState(startAdding);
  const q = useDebouncedValue(search.trim());
  const name = typeName(typeId);
  const staff = isStaffRole(user?.role);
  const showSales = staff && typeId === 3;
  const waitingForSearch = mode === 'search' && !q;

  const query: OrgListParams = {
    organizationType: typeId,
    q: q || undefined,
    parent: parent?.id,
    sales: showSales ? (sales ?? undefined) : undefined,
    status: status || undefined,
    ...pageParams,
  };
  const list = useOrgs(query, !waitingForSearch);
  const filtered = Boolean(q || parent || sales || status);
  // Only a Super Admin creates organizations (tree roots); others add nodes under their scope.
  const canCreate = typeId === 1 ? user?.role === 'super_admin' : ability.can('create', subjectOf(typeId));

  // Every type is added in the same dialog (issue 12: Add Team was a page of its own).
  const addButton = !canCreate ? null : (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="add-org-button">
      {t(`orgs.add.${name}`)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={mode === 'search' ? t('orgs.list.searchTitle') : t(`orgs.list.title.${name}`)}
        subtitle={mode === 'search' ? t('orgs.list.searchSubtitle') : t(`orgs.list.subtitle.${name}`)}
        actions={addButton}
      />
      <Card>
        <CardContent>
          <OrgFilters
            typeId={typeId}
            search={search}
            parent={parent}
            sales={sales}
            status={status}
            showSales={showSales}
            autoFocus={mode === 'search'}
            onSearch={(v) => {
              setSearch(v);
              resetPage();
              updateParams((next) => {
                if (v.trim()) next.set('q', v.trim());
                else next.delete('q');
              });
            }}
            onParent={(v) => {
              setParent(v);
              resetPage();
            }}
            onSales={(v) => {
              setSales(v);
              resetPage();
            }}
            onStatus={(v) => {
              setStatus(v);
              resetPage();
            }}
          />
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          {waitingForSearch ? (
            <EmptyState message={t('orgs.list.typeToSearch')} />
          ) : (
            <OrgGrid
              typeId={typeId}
              rows={list.data?.data ?? []}
              total={list.data?.total ?? 0}
              loading={list.isFetching}
              emptyMessage={filtered ? t('orgs.list.noMatch') : t(`orgs.list.empty.${name}`)}
              {...grid}
            />
          )}
        </CardContent>
      </Card>
      <CreateOrgDialog
        open={adding && canCreate}
        title={t(`orgs.add.${name}`)}
        typeOptions={[typeId]}
        onClose={() => {
          setAdding(false);
          if (startAdding) navigate(listPath(typeId), { replace: true });
        }}
        onCreated={(node) => {
          setAdding(false);
          navigate(viewPath(node.typeId, node.id));
        }}
      />
    </>
  );
}
