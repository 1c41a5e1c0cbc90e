import type { Role, RoleMatrix } from '@fc/contracts';
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
import { ErrorState } from '../../../components/ui/States';
import { useAppAbility } from '../../../lib/abilities/useAppAbility';
import { useMatrix } from '../api/get-matrix';
import { useRoleUserCount } from '../api/get-role-user-count';

function UserCount({ role, enabled }: { role: Role; enabled: boolean }) {
  const count = useRoleUserCount(role, enabled);
  if (!enabled || count.isError) return <>—</>;
  return <>{count.isPending ? '…' : count.data}</>;
}

function RoleRow({ entry, canCount }: { entry: RoleMatrix[number]; canCount: boolean }) {
  const { t } = useTranslation();
  const subjects = new Set(entry.rules.flatMap((r) => r.subject));
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {t(`roles.${entry.role}`)}
      </TableCell>
      <TableCell>
        <Typography component="span" sx={{ fontFamily: 'monospace' }}>
          {entry.home}
        </Typography>
      </TableCell>
      <TableCell align="right">{entry.rules.length}</TableCell>
      <TableCell align="right">{subjects.has('all') ? t('acl.allSubjects') : subjects.size}</TableCell>
      <TableCell align="right">
        <UserCount role={entry.role} enabled={canCount} />
      </TableCell>
    </TableRow>
  );
}

/** /apps/roles: every role with its home and counts, read from /acl/matrix. */
export function RolesPage() {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const matrix = useMatrix();
  const canCount = ability.can('list', 'userprofile');
  return (
    <>
      <PageHeader title={t('acl.rolesTitle')} subtitle={t('acl.rolesSubtitle')} />
      <Card>
        <CardContent>
          {matrix.isPending ? <LoadingScreen /> : null}
          {matrix.isError ? <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} /> : null}
          {matrix.data ? (
            <TableContainer>
              <Table aria-label={t('acl.rolesTitle')} data-testid="roles-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.role')}</TableCell>
                    <TableCell>{t('acl.home')}</TableCell>
                    <TableCell align="right">{t('acl.rules')}</TableCell>
                    <TableCell align="right">{t('acl.subjects')}</TableCell>
                    <TableCell align="right">{t('acl.users')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {matrix.data.data.map((entry) => (
                    <RoleRow key={entry.role} entry={entry} canCount={canCount} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
