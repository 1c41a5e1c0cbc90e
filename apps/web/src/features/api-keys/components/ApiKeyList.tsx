import type { ApiKey } from '@fc/contracts';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

function useDates() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      day: (v: string | null, none: string) => (v ? day.format(new Date(v)) : none),
      moment: (v: string | null) => (v ? moment.format(new Date(v)) : t('apiKeys.notUsed')),
    };
  }, [i18n.language, t]);
}

/** The key's profile: the role, and the organization for an organization role. */
function Profile({ k }: { k: ApiKey }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`roles.${k.role}`)}
      {k.organizationName ? (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {k.organizationName}
        </Typography>
      ) : null}
    </>
  );
}

function StatusChip({ status }: { status: ApiKey['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`apiKeys.status.${status}`)} color={STATUS_COLOR[status]} />;
}

function RevokeButton({ k, onRevoke }: { k: ApiKey; onRevoke: (k: ApiKey) => void }) {
  const { t } = useTranslation();
  if (k.status !== 'active') return null;
  return (
    <Button
      size="small"
      color="error"
      onClick={() => onRevoke(k)}
      aria-label={t('apiKeys.revokeNamed', { label: k.label })}
      data-testid={`api-key-revoke-${k.id}`}
    >
      {t('apiKeys.revoke')}
    </Button>
  );
}

const Prefix = ({ prefix }: { prefix: string }) => (
  <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>
    {prefix}…
  </Box>
);

/** The keys as a table on wide screens and as stacked cards on phones. */
export function ApiKeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const d = useDates();
  const uses = (k: ApiKey) => (k.useCount ? t('apiKeys.uses', { count: k.useCount }) : null);

  if (phone) {
    return (
      <Stack spacing={1.5} data-testid="api-key-list" component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {keys.map((k) => (
          <Paper component="li" variant="outlined" key={k.id} sx={{ p: 2 }} data-testid={`api-key-row-${k.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{k.label}</Typography>
              <StatusChip status={k.status} />
            </Stack>
            <Prefix prefix={k.prefix} />
            <Box
              component="dl"
              sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, columnGap: 2 }}
            >
              {(
                [
                  ['profile', <Profile k={k} key="p" />],
                  ['created', d.day(k.createdAt, '')],
                  ['expires', d.day(k.expiresAt, t('apiKeys.never'))],
                  ['lastUsed', [d.moment(k.lastUsedAt), uses(k)].filter(Boolean).join(' · ')],
                ] as const
              ).map(([name, value]) => (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(`apiKeys.columns.${name}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box sx={{ textAlign: 'right', mt: 1 }}>
              <RevokeButton k={k} onRevoke={onRevoke} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={t('apiKeys.listTitle')} data-testid="api-key-list">
        <TableHead>
          <TableRow>
            {(['label', 'prefix', 'profile', 'created', 'expires', 'lastUsed', 'status'] as const).map((c) => (
              <TableCell key={c}>{t(`apiKeys.columns.${c}`)}</TableCell>
            ))}
            <TableCell align="right">{t('apiKeys.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((k) => (
            <TableRow key={k.id} data-testid={`api-key-row-${k.id}`}>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{k.label}</TableCell>
              <TableCell>
                <Prefix prefix={k.prefix} />
              </TableCell>
              <TableCell>
                <Profile k={k} />
              </TableCell>
              <TableCell>{d.day(k.createdAt, '')}</TableCell>
              <TableCell>{d.day(k.expiresAt, t('apiKeys.never'))}</TableCell>
              <TableCell>
                {d.moment(k.lastUsedAt)}
                {uses(k) ? (
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {uses(k)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <StatusChip status={k.status} />
              </TableCell>
              <TableCell align="right">
                <RevokeButton k={k} onRevoke={onRevoke} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
