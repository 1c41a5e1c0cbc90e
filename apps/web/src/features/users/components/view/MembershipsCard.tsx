import { ORG_TYPE, type UserDetail } from '@fc/contracts';
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
import { RoleChip } from '../../../../components/ui/Chips';
import { EmptyState } from '../../../../components/ui/States';

const TYPE_NAME = Object.fromEntries(Object.entries(ORG_TYPE).map(([name, id]) => [id, name]));

export function MembershipsCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const profiles = (['fundraiser', 'donor', 'affiliate'] as const).filter((p) => user.profiles[p]);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('users.memberships')}
        </Typography>
        {user.memberships.length === 0 ? (
          <EmptyState message={t('users.noMemberships')} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('users.memberships')} data-testid="memberships-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.organization')}</TableCell>
                  <TableCell>{t('fields.type')}</TableCell>
                  <TableCell>{t('fields.role')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {user.memberships.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>{m.organizationName}</TableCell>
                    <TableCell>{t(`orgTypes.${TYPE_NAME[m.typeId] ?? 'organization'}`)}</TableCell>
                    <TableCell>
                      <RoleChip role={m.role} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('users.otherProfiles')}
        </Typography>
        <Typography color="text.secondary">
          {profiles.length > 0 ? profiles.map((p) => t(`profileTypes.${p}`)).join(', ') : t('common.none')}
        </Typography>
      </CardContent>
    </Card>
  );
}
