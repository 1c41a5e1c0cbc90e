import type { AbilityRule } from '@fc/contracts';
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useMatrix } from '../api/get-matrix';
import { PermissionsTable } from './PermissionsTable';

const list = (v: string | readonly string[]) => (typeof v === 'string' ? [v] : [...v]);

function OwnRules({ rules }: { rules: AbilityRule[] }) {
  const { t } = useTranslation();
  if (rules.length === 0) return <EmptyState message={t('acl.noRules')} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('acl.ownTitle')} data-testid="own-abilities">
        <TableHead>
          <TableRow>
            <TableCell>{t('acl.actionsLabel')}</TableCell>
            <TableCell>{t('acl.subject')}</TableCell>
            <TableCell>{t('acl.conditions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rules.map((rule) => (
            <TableRow key={JSON.stringify(rule)}>
              <TableCell>
                {rule.inverted ? `${t('acl.cannot')} ` : ''}
                {list(rule.action)
                  .map((a) => t(`acl.actions.${a}`))
                  .join(', ')}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{list(rule.subject).join(', ')}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {rule.conditions ? JSON.stringify(rule.conditions) : t('acl.noConditions')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /access-control: your own abilities; Super Admin also sees every role's. */
export function AccessControlPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const superAdmin = user?.role === 'super_admin';
  const matrix = useMatrix(superAdmin);
  return (
    <>
      <PageHeader
        title={t('acl.accessTitle')}
        subtitle={user ? t('acl.accessSubtitle', { role: t(`roles.${user.role}`) }) : undefined}
      />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('acl.ownTitle')}
          </Typography>
          <OwnRules rules={user?.abilities ?? []} />
        </CardContent>
      </Card>
      {superAdmin ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('acl.matrixTitle')}
            </Typography>
            {matrix.isPending ? <LoadingScreen /> : null}
            {matrix.isError ? <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} /> : null}
            {matrix.data ? <PermissionsTable matrix={matrix.data.data} /> : null}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
