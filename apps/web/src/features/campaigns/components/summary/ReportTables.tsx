import type { CampaignReport } from '@fc/contracts';
import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../../components/ui/States';
import { count, fullName, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

type DivisionRow = CampaignReport['byDivision'][number];
type PlayerRow = CampaignReport['byPlayer'][number];
type DonorRow = CampaignReport['topDonors'][number];

/** By division: each row opens that division's summary. */
export function DivisionTable({ campaignId, rows }: { campaignId: number; rows: DivisionRow[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (rows.length === 0) return <EmptyState message={t('campaigns.summary.noDivisions')} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('campaigns.summary.byDivision')} data-testid="division-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.players.division')}</TableCell>
            <TableCell align="right">{t('campaigns.fields.players')}</TableCell>
            <TableCell align="right">{t('campaigns.fields.donors')}</TableCell>
            <TableCell align="right">{t('campaigns.fields.raised')}</TableCell>
            <TableCell sx={{ minWidth: 160 }}>{t('campaigns.fields.progress')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={d.id ?? 'none'} data-testid={`division-row-${d.id ?? 'none'}`}>
              <TableCell>
                {d.id ? (
                  <Link component={RouterLink} to={`/campaigns/${campaignId}/summary/division/${d.id}`}>
                    {d.name}
                  </Link>
                ) : (
                  t('campaigns.summary.noDivision')
                )}
              </TableCell>
              <TableCell align="right">{count(d.players)}</TableCell>
              <TableCell align="right">{count(d.donors)}</TableCell>
              <TableCell align="right">{money(d.raisedCents)}</TableCell>
              <TableCell>
                <GoalProgress raisedCents={d.raisedCents} goalCents={d.goalCents} dense />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type PlayerSort = 'name' | 'raised' | 'donors' | 'goal';
const playerValue: Record<PlayerSort, (p: PlayerRow) => string | number> = {
  name: (p) => fullName(p.firstName, p.lastName).toLowerCase(),
  raised: (p) => p.raisedCents,
  donors: (p) => p.donors,
  goal: (p) => p.goalCents,
};

/** By player: sortable, ten to a page, highest raised first. */
export function PlayerTable({ rows }: { rows: PlayerRow[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [sort, setSort] = useState<{ by: PlayerSort; dir: 'asc' | 'desc' }>({ by: 'raised', dir: 'desc' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const sorted = useMemo(() => {
    const get = playerValue[sort.by];
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = get(a);
      const y = get(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id;
    });
  }, [rows, sort]);
  if (rows.length === 0) return <EmptyState message={t('campaigns.summary.noPlayers')} />;

  const header = (by: PlayerSort, label: string, align?: 'right') => (
    <TableCell align={align} sortDirection={sort.by === by ? sort.dir : false}>
      <TableSortLabel
        active={sort.by === by}
        direction={sort.by === by ? sort.dir : by === 'name' ? 'asc' : 'desc'}
        onClick={() => {
          setPage(0);
          setSort((s) =>
            s.by === by ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: by === 'name' ? 'asc' : 'desc' },
          );
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('campaigns.summary.byPlayer')} data-testid="player-table">
          <TableHead>
            <TableRow>
              {header('name', t('campaigns.players.player'))}
              <TableCell>{t('campaigns.players.division')}</TableCell>
              {header('goal', t('campaigns.fields.goal'), 'right')}
              {header('raised', t('campaigns.fields.raised'), 'right')}
              {header('donors', t('campaigns.fields.donors'), 'right')}
              <TableCell sx={{ minWidth: 140 }}>{t('campaigns.fields.progress')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.slice(page * perPage, page * perPage + perPage).map((p) => (
              <TableRow key={p.id} data-testid={`player-row-${p.id}`}>
                <TableCell>{fullName(p.firstName, p.lastName)}</TableCell>
                <TableCell>{p.divisionName ?? '—'}</TableCell>
                <TableCell align="right">{money(p.goalCents, { whole: true })}</TableCell>
                <TableCell align="right">{money(p.raisedCents)}</TableCell>
                <TableCell align="right">{count(p.donors)}</TableCell>
                <TableCell>
                  <GoalProgress raisedCents={p.raisedCents} goalCents={p.goalCents} dense />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > 10 ? (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={perPage}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50]}
          labelRowsPerPage={t('common.rowsPerPage')}
        />
      ) : null}
    </>
  );
}

/** The largest donors (completed donations minus refunds). */
export function DonorTable({ rows }: { rows: DonorRow[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (rows.length === 0) return <EmptyState message={t('campaigns.summary.noDonors')} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('campaigns.summary.topDonors')} data-testid="donor-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.summary.donor')}</TableCell>
            <TableCell align="right">{t('campaigns.fields.donations')}</TableCell>
            <TableCell align="right">{t('campaigns.summary.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((d) => (
            <TableRow key={`${d.email}|${d.name}`}>
              <TableCell>
                {d.name}
                {d.email ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', wordBreak: 'break-all' }}
                  >
                    {d.email}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{count(d.donations)}</TableCell>
              <TableCell align="right">{money(d.totalCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
