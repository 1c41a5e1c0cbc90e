// The product endpoints `npm run bench` loads (issue 6), shared by the load run (bench-scale.mjs)
// and the plans (bench-explain.ts) so both measure the same requests. `targets` are ids and
// addresses picked from the scale data set by bench-explain.ts; `as` names the account
// (seed-scale: super@scale.test, orgadmin@scale.test of the largest organization) or null
// for public pages. `kind` says which target applies: list (≥ 0.5× the floor, p99 ≤ 50 ms),
// rollup (≤ 20 ms), dashboard (issue 13: ≥ 0.5× the floor, p99 ≤ 2× the floor's p99, one at a
// time p99 ≤ 30 ms), donationList (issue 13: the unfiltered list ≥ 0.3× the floor), render (issue
// 14: a server-rendered public page, HTML with no Accept header as a link-preview crawler asks,
// ≥ 0.5× the floor), or none. `headers`: sent with the request besides the account's token.
// `issue19`: the lists and summaries of issue 19 — ≥ 0.5× the floor's throughput, p99 ≤ 2× the
// floor's p99 and 0 timeouts at 50 connections, and one at a time p99 ≤ `singleMs` when given.

/** @param {Record<string, string | number | null>} t */
export function endpointsFor(t) {
  const q = encodeURIComponent(String(t.search));
  return [
    {
      key: 'donations.list',
      issue19: {},
      label: 'donation list, first page (org admin)',
      as: 'orgAdmin',
      path: '/api/v1/admin/donation/list?limit=25&page=1&sortColumn=createdAt&sort=desc',
      kind: 'donationList',
    },
    {
      key: 'donations.list.filtered',
      issue19: { singleMs: 50 },
      label: 'donation list: search, status, sort by amount, page 3 (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/admin/donation/list?search=${q}&status=1&sortColumn=amount&sort=desc&page=3&limit=25`,
      kind: 'list',
    },
    {
      key: 'donations.list.super',
      issue19: {},
      label: 'donation list, first page (Super Admin)',
      as: 'super',
      path: '/api/v1/admin/donation/list?limit=25&page=1&sortColumn=createdAt&sort=desc',
      kind: 'list',
    },
    {
      key: 'players.filter',
      issue19: {},
      label: 'player filter: search, first page (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/fundraiser/filter?search=${q}&limit=25&page=1&sortColumn=name&sort=asc`,
      kind: 'list',
    },
    {
      key: 'campaigns.listByUser',
      issue19: {},
      label: 'campaign list by user (org admin)',
      as: 'orgAdmin',
      path: '/api/v1/admin/campaign/listbyuser/',
      kind: 'list',
    },
    {
      key: 'orgs.filter.sales',
      issue19: {},
      label: "organization filter: a salesperson's teams (Super Admin)",
      as: 'super',
      path: `/api/v1/admin/user_organization/filter?organizationType=3&sales=${t.salesUserId}&perPage=25&page=1&sortColumn=name&sort=asc`,
      kind: 'list',
    },
    {
      key: 'campaign.summary',
      issue19: { singleMs: 30 },
      label: "campaign summary, the organization's largest campaign (org admin)",
      as: 'orgAdmin',
      path: `/api/v1/campaign/${t.summaryCampaignId}/summary`,
      kind: null,
    },
    {
      key: 'org.rollup',
      issue19: { singleMs: 20 },
      label: 'node page with roll-up, the largest organization (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/admin/organization/?organization=${t.organizationId}`,
      kind: 'rollup',
    },
    {
      key: 'org.rollup.team',
      label: 'node page with roll-up, a team of the largest organization (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/admin/organization/?organization=${t.teamId}`,
      kind: 'rollup',
    },
    {
      key: 'public.fundraiser',
      label: "public player page data, the top player's page",
      as: null,
      path: `/api/v1/public/fundraisers/${encodeURIComponent(String(t.playerSlug))}`,
      kind: null,
    },
    {
      key: 'public.campaign',
      issue19: {},
      label: 'public campaign page data, the largest campaign',
      as: null,
      path: `/api/v1/public/campaigns/${encodeURIComponent(String(t.campaignSlug))}`,
      kind: null,
    },
    {
      // The same data asked past the public pages' cache (a reload, decision 026): read from the
      // database each time. Reported, not targeted.
      key: 'public.campaign.uncached',
      label: 'public campaign page data, every request read (Cache-Control: no-cache)',
      as: null,
      path: `/api/v1/public/campaigns/${encodeURIComponent(String(t.campaignSlug))}`,
      headers: { 'cache-control': 'no-cache' },
      kind: null,
    },
    {
      key: 'site.player',
      label: "server-rendered player page (HTML, no Accept header), the top player's",
      as: null,
      path: `/fundraisers/${encodeURIComponent(String(t.playerSlug))}`,
      kind: 'render',
    },
    {
      // The same page asked past every cache (a reload): rendered from the database each time.
      key: 'site.player.uncached',
      label: 'server-rendered player page, every request rendered (Cache-Control: no-cache)',
      as: null,
      path: `/fundraisers/${encodeURIComponent(String(t.playerSlug))}`,
      headers: { 'cache-control': 'no-cache' },
      kind: null,
    },
    {
      key: 'site.campaign',
      label: 'server-rendered campaign page (HTML, no Accept header), the largest campaign',
      as: null,
      path: `/campaigns/${encodeURIComponent(String(t.campaignSlug))}`,
      kind: null,
    },
    {
      key: 'dashboards.admin',
      label: 'admin dashboard, the platform, last 90 days (Super Admin)',
      as: 'super',
      path: '/api/v1/dashboards/admin',
      kind: 'dashboard',
    },
    {
      key: 'dashboards.admin.sales',
      label: "admin dashboard, a salesperson's portfolio (FYS Sales)",
      as: 'sales',
      path: '/api/v1/dashboards/admin',
      kind: 'dashboard',
    },
    {
      key: 'dashboards.node',
      label: 'node dashboard, the largest organization (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/dashboards/node?organizationId=${t.organizationId}`,
      kind: 'dashboard',
    },
    {
      key: 'dashboards.node.team',
      label: 'node dashboard, a team of the largest organization (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/dashboards/node?organizationId=${t.teamId}`,
      kind: 'dashboard',
    },
    {
      key: 'dashboards.analytics',
      label: 'analytics by month over 12 months, the largest organization (org admin)',
      as: 'orgAdmin',
      path: `/api/v1/dashboards/analytics?organizationId=${t.organizationId}&interval=month&from=${t.yearAgo}&to=${t.today}`,
      kind: 'dashboard',
    },
  ];
}
