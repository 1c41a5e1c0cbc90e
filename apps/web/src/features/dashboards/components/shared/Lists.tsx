import type { CampaignCard, RankedNode } from '@fc/contracts';
import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type Column, DataTable } from './DataTable';
import { useCount, useMoney, usePercent } from './format';

const ORG_PATHS: Record<number, string> = { 1: 'organizations', 2: 'leagues', 3: 'teams', 4: 'divisions' };
/** The console page of a node. */
export const orgPath = (id: number, typeId: number) => `/orgs/${ORG_PATHS[typeId] ?? 'teams'}/view/${id}`;

/** "5 days left", "Last day", "Ended", or a dash without an end date. */
export function useDaysLeft() {
  const { t } = useTranslation();
  return (days: number | null) =>
    days === null
      ? t('dashboards.campaigns.noEnd')
      : days < 0
        ? t('dashboards.campaigns.ended')
        : days === 0
          ? t('dashboards.campaigns.lastDay')
          : t('dashboards.campaigns.daysLeft', { count: days });
}

interface CampaignTableProps {
  rows: CampaignCard[];
  caption: string;
  testId: string;
  empty: string;
  /** Show the pace column (behind pace). */
  pace?: boolean;
}

/** Campaigns with their goal, what they raised (net), donors, days left and, if asked, their pace. */
export function CampaignTable({ rows, caption, testId, empty, pace }: CampaignTableProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  const percent = usePercent();
  const daysLeft = useDaysLeft();
  const columns: Column<CampaignCard>[] = [
    {
      key: 'title',
      header: t('dashboards.campaigns.campaign'),
      cell: (c) => (
        <>
          <Link component={RouterLink} to={`/campaigns/view/${c.id}`}>
            {c.title}
          </Link>
          <br />
          <span style={{ opacity: 0.75, fontSize: '0.8125rem' }}>{c.organizationName}</span>
        </>
      ),
    },
    { key: 'raised', header: t('dashboards.campaigns.raised'), cell: (c) => money(c.raisedCents), numeric: true },
    {
      key: 'goal',
      header: t('dashboards.campaigns.goal'),
      cell: (c) => (c.goalCents > 0 ? money(c.goalCents) : '—'),
      numeric: true,
    },
    { key: 'donors', header: t('dashboards.campaigns.donors'), cell: (c) => count(c.donors), numeric: true },
    { key: 'days', header: t('dashboards.campaigns.left'), cell: (c) => daysLeft(c.daysLeft), numeric: true },
  ];
  if (pace) {
    columns.push({
      key: 'pace',
      header: t('dashboards.campaigns.pace'),
      cell: (c) => (c.pace === null ? '—' : percent(Math.round(c.pace * 100))),
      numeric: true,
    });
  }
  return (
    <DataTable caption={caption} columns={columns} rows={rows} rowKey={(c) => c.id} testId={testId} empty={empty} />
  );
}

/** Nodes ranked by what they raised (net) in the range. */
export function RankedTable({ rows, caption, testId }: { rows: RankedNode[]; caption: string; testId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const count = useCount();
  return (
    <DataTable
      caption={caption}
      testId={testId}
      rows={rows}
      rowKey={(r) => r.id}
      empty={t('dashboards.empty.gifts')}
      columns={[
        {
          key: 'name',
          header: t('dashboards.nodes.name'),
          cell: (r) => (
            <Link component={RouterLink} to={`/dashboard/analytics?organizationId=${r.id}`}>
              {r.name}
            </Link>
          ),
        },
        { key: 'type', header: t('dashboards.nodes.type'), cell: (r) => t(`dashboards.orgTypes.${r.typeId}`) },
        { key: 'net', header: t('dashboards.money.net'), cell: (r) => money(r.netCents), numeric: true },
        { key: 'gifts', header: t('dashboards.money.gifts'), cell: (r) => count(r.gifts), numeric: true },
      ]}
    />
  );
}
