import type { RoleMatrix } from '@fc/contracts';
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Entry = RoleMatrix[number];

/** One cell: the actions a role has on a subject, with their scope. */
function cellFor(entry: Entry, subject: string) {
  return entry.rules.filter((r) => r.subject.includes(subject) || r.subject.includes('all'));
}

export function subjectsOf(matrix: RoleMatrix): string[] {
  const set = new Set<string>();
  for (const entry of matrix) for (const rule of entry.rules) for (const s of rule.subject) if (s !== 'all') set.add(s);
  return [...set].sort();
}

/** Subject × role table of the ability matrix (DECISIONS §3). */
export function PermissionsTable({ matrix }: { matrix: RoleMatrix }) {
  const { t } = useTranslation();
  const subjects = subjectsOf(matrix);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('acl.permissionsTitle')} data-testid="permissions-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('acl.subject')}
            </TableCell>
            {matrix.map((entry) => (
              <TableCell key={entry.role} component="th" scope="col">
                {t(`roles.${entry.role}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {subjects.map((subject) => (
            <TableRow key={subject}>
              <TableCell component="th" scope="row">
                <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                  {subject}
                </Typography>
              </TableCell>
              {matrix.map((entry) => {
                const rules = cellFor(entry, subject);
                return (
                  <TableCell key={entry.role}>
                    {rules.length === 0 ? (
                      <Typography component="span" color="text.secondary">
                        —
                      </Typography>
                    ) : (
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {rules.map((r) => (
                          <Chip
                            key={`${r.action.join(',')}-${r.scope}`}
                            size="small"
                            variant="outlined"
                            label={`${r.action.map((a) => t(`acl.actions.${a}`, { defaultValue: a })).join(', ')} · ${t(`acl.scopes.${r.scope}`)}`}
                          />
                        ))}
                      </Box>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
