import { Card, CardContent } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { useMatrix } from '../api/get-matrix';
import { PermissionsTable } from './PermissionsTable';

/** /apps/permissions: subject × role with the actions and scope of each. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const matrix = useMatrix();
  return (
    <>
      <PageHeader title={t('acl.permissionsTitle')} subtitle={t('acl.permissionsSubtitle')} />
      <Card>
        <CardContent>
          {matrix.isPending ? <LoadingScreen /> : null}
          {matrix.isError ? <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} /> : null}
          {matrix.data && matrix.data.data.length === 0 ? <EmptyState message={t('acl.empty')} /> : null}
          {matrix.data && matrix.data.data.length > 0 ? <PermissionsTable matrix={matrix.data.data} /> : null}
        </CardContent>
      </Card>
    </>
  );
}
