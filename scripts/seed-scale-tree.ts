// The small, shaped part of the scale data set (scripts/seed-scale.ts), built in memory with a
// seeded PRNG so every run makes the same rows: the organization tree (10,000 nodes: a few large
// organizations with leagues, a long tail of small ones with teams directly under them), the staff
// accounts and memberships, and the 2,000 campaigns with the divisions taking part. The large
// tables (players, rosters, campaign pages, donors, donations) are generated in SQL from these.

import { DIVISION_NAMES, FIRST_NAMES, LAST_NAMES, MASCOTS, PLACES, prng, SEASONS, SPORTS } from './seed-scale-names.js';

export const SIZES = {
  nodes: 10_000,
  organizations: 60,
  teams: 2_400,
  salespeople: 20,
  campaigns: { team: 1_750, league: 150, organization: 100 },
} as const;

const slugPart = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface NodeRow {
  id: number;
  type_id: 1 | 2 | 3 | 4;
  name: string;
  slug: string;
  parent_id: number | null;
  sales_user_id: number | null;
  city: string | null;
  region: string | null;
  contact_email: string | null;
}
export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  staff_role: string | null;
}
export interface MembershipRow {
  user_id: number;
  organization_id: number;
  role: string;
}
export interface CampaignRow {
  id: number;
  organization_id: number;
  title: string;
  slug: string;
  status: 'draft' | 'active' | 'closed';
  start_date: string;
  end_date: string;
  goal_cents: number;
  player_goal_cents: number;
  short_description: string;
  created_by_user_id: number;
  created_at: string;
}

export interface Shape {
  nodes: NodeRow[];
  users: UserRow[];
  memberships: MembershipRow[];
  campaigns: CampaignRow[];
  campaignDivisions: { campaign_id: number; organization_id: number }[];
  /** Contiguous id range of the divisions (players are spread over it in SQL). */
  divisions: { first: number; count: number };
  /** Named accounts the benchmark signs in as. */
  accounts: Record<'super' | 'sales' | 'orgAdmin' | 'leagueAdmin' | 'teamAdmin' | 'divisionAdmin', string>;
  largestOrganizationId: number;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * The tree, staff and campaigns. `base` holds the current max id of each table so the rows can
 * take explicit ids after anything already there (a demo seed, a previous bench organization).
 */
export function buildShape(base: { organizations: number; users: number; campaigns: number }, today: Date): Shape {
  const rnd = prng(20_261_122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const users: UserRow[] = [];
  const memberships: MembershipRow[] = [];
  let userId = base.users;
  const addUser = (email: string, first: string, last: string, staffRole: string | null = null) => {
    userId += 1;
    users.push({ id: userId, email, first_name: first, last_name: last, staff_role: staffRole });
    return userId;
  };
  const superId = addUser('super@scale.test', 'Sam', 'Super', 'super_admin');
  const sales = Array.from({ length: SIZES.salespeople }, (_, i) =>
    addUser(
      i === 0 ? 'sales@scale.test' : `sales${i + 1}@scale.test`,
      pick(FIRST_NAMES),
      pick(LAST_NAMES),
      'fys_sales',
    ),
  );

  // Teams per organization: Zipf (s = 1.15), so the largest is a state association and most are small.
  const weights = Array.from({ length: SIZES.organizations }, (_, k) => 1 / (k + 1) ** 1.15);
  const wsum = weights.reduce((a, b) => a + b, 0);
  const teamsPer = weights.map((w) => Math.max(3, Math.round((w / wsum) * SIZES.teams)));
  teamsPer[0]! += SIZES.teams - teamsPer.reduce((a, b) => a + b, 0);

  const orgs: NodeRow[] = [];
  const leagues: NodeRow[] = [];
  const teams: (NodeRow & { league: number | null; org: number })[] = [];
  let id = base.organizations;
  for (let k = 0; k < SIZES.organizations; k++) {
    const place = PLACES[k % PLACES.length]!;
    const sport = SPORTS[k % SPORTS.length]!;
    const name =
      k === 0
        ? 'State Youth Soccer Association'
        : `${place} Youth ${sport}${k >= PLACES.length ? ` ${Math.floor(k / PLACES.length) + 1}` : ''}`;
    const org: NodeRow = {
      id: ++id,
      type_id: 1,
      name,
      slug: slugPart(name),
      parent_id: null,
      sales_user_id: null,
      city: place,
      region: 'State',
      contact_email: `office@${slugPart(name)}.example.org`,
    };
    orgs.push(org);
  }
  // Organizations with enough teams group them into leagues of ~18.
  orgs.forEach((org, k) => {
    const n = teamsPer[k]!;
    const nLeagues = n >= 24 ? Math.round(n / 18) : 0;
    for (let l = 0; l < nLeagues; l++) {
      const name = `${org.name.split(' Youth')[0]} ${pick(['U8', 'U10', 'U12', 'U14', 'U16', 'U19'])} ${pick(['Boys', 'Girls', 'Coed'])} League ${l + 1}`;
      leagues.push({
        id: 0,
        type_id: 2,
        name,
        slug: `${org.slug}-league-${l + 1}`,
        parent_id: org.id,
        sales_user_id: null,
        city: org.city,
        region: org.region,
        contact_email: null,
      });
    }
  });
  for (const l of leagues) l.id = ++id;
  orgs.forEach((org, k) => {
    const own = leagues.filter((l) => l.parent_id === org.id);
    // Most of an organization's teams are sold by one salesperson; some by others, a few by none.
    const mainSales = sales[k % sales.length]!;
    for (let t = 0; t < teamsPer[k]!; t++) {
      const league = own.length ? own[t % own.length]! : null;
      const r = rnd();
      const name = `${pick(MASCOTS)} ${pick(['U8', 'U9', 'U10', 'U11', 'U12', 'U13', 'U14', 'U15', 'U16'])}`;
      teams.push({
        id: 0,
        type_id: 3,
        name,
        slug: `${org.slug}-${slugPart(name)}-${t + 1}`,
        parent_id: league?.id ?? org.id,
        sales_user_id: r < 0.8 ? mainSales : r < 0.92 ? pick(sales) : null,
        city: org.city,
        region: org.region,
        contact_email: null,
        league: league?.id ?? null,
        org: org.id,
      });
    }
  });
  for (const t of teams) t.id = ++id;

  // Divisions: 1 to 5 per team, scaled so the tree has exactly SIZES.nodes nodes.
  const wanted = SIZES.nodes - orgs.length - leagues.length - teams.length;
  const per = teams.map(() => 1 + Math.floor(rnd() * 5));
  let total = per.reduce((a, b) => a + b, 0);
  per.forEach((n, i) => {
    per[i] = Math.max(1, Math.min(8, Math.round((n * wanted) / total)));
  });
  total = per.reduce((a, b) => a + b, 0);
  for (let i = 0; total !== wanted; i = (i + 7) % per.length) {
    const step = total < wanted && per[i]! < 8 ? 1 : total > wanted && per[i]! > 1 ? -1 : 0;
    per[i]! += step;
    total += step;
  }
  const divisions: (NodeRow & { team: number })[] = [];
  const divisionsOfTeam = new Map<number, number[]>();
  teams.forEach((t, i) => {
    const list: number[] = [];
    for (let j = 0; j < per[i]!; j++) {
      const name = `${t.name} ${DIVISION_NAMES[j % DIVISION_NAMES.length]}`;
      const row = {
        id: ++id,
        type_id: 4 as const,
        name,
        slug: `${t.slug}-${slugPart(DIVISION_NAMES[j % DIVISION_NAMES.length]!)}`,
        parent_id: t.id,
        sales_user_id: null,
        city: t.city,
        region: t.region,
        contact_email: null,
        team: t.id,
      };
      divisions.push(row);
      list.push(row.id);
    }
    divisionsOfTeam.set(t.id, list);
  });

  // Staff: an admin on every node, an organization user on every organization; the first of each
  // kind in the largest organization has a memorable address for the benchmark.
  const member = (node: NodeRow, role: string, email: string) => {
    const uid = addUser(email, pick(FIRST_NAMES), pick(LAST_NAMES));
    memberships.push({ user_id: uid, organization_id: node.id, role });
    return uid;
  };
  const adminOf = new Map<number, number>();
  const named = {
    org_admin: 'orgadmin',
    league_admin: 'leagueadmin',
    team_admin: 'teamadmin',
    division_admin: 'divisionadmin',
  };
  const roleOf = { 1: 'org_admin', 2: 'league_admin', 3: 'team_admin', 4: 'division_admin' } as const;
  const firstInLargest = new Set<string>();
  const largest = orgs[0]!.id;
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const inLargest = (n: NodeRow): boolean =>
    n.type_id === 1
      ? n.id === largest
      : n.type_id === 2
        ? n.parent_id === largest
        : n.type_id === 3
          ? teamById.get(n.id)?.org === largest
          : teamById.get(n.parent_id!)?.org === largest;
  for (const node of [...orgs, ...leagues, ...teams, ...divisions]) {
    const role = roleOf[node.type_id];
    const short = named[role];
    const memorable = !firstInLargest.has(role) && inLargest(node);
    if (memorable) firstInLargest.add(role);
    adminOf.set(
      node.id,
      member(node, role, memorable ? `${short}@scale.test` : `${short}.${node.slug}@staff.scale.test`),
    );
    if (node.type_id === 1)
      member(node, 'org_user', node.id === largest ? 'orguser@scale.test' : `orguser.${node.slug}@staff.scale.test`);
  }

  // Campaigns over two years (to a month ahead: those are drafts), owned mostly by teams.
  const campaigns: CampaignRow[] = [];
  const campaignDivisions: Shape['campaignDivisions'] = [];
  let cid = base.campaigns;
  const owners: { node: NodeRow; kind: 'team' | 'league' | 'organization' }[] = [
    ...Array.from({ length: SIZES.campaigns.team }, () => ({ node: pick(teams) as NodeRow, kind: 'team' as const })),
    ...Array.from({ length: SIZES.campaigns.league }, () => ({ node: pick(leagues), kind: 'league' as const })),
    ...Array.from({ length: SIZES.campaigns.organization }, () => ({
      // Large organizations run more campaigns of their own.
      node: orgs[Math.floor(rnd() ** 2 * orgs.length)]!,
      kind: 'organization' as const,
    })),
  ];
  for (const { node, kind } of owners) {
    const start = addDays(today, -730 + Math.floor(rnd() * 760));
    const end = addDays(start, 30 + Math.floor(rnd() * 60));
    const season = SEASONS[Math.floor(((start.getUTCMonth() + 1) % 12) / 3)]!;
    const year = start.getUTCFullYear();
    const status = start > today ? 'draft' : end < today ? 'closed' : 'active';
    cid += 1;
    const title = `${node.name} ${season} ${year} ${kind === 'team' ? 'Drive' : kind === 'league' ? 'League Fundraiser' : 'Annual Appeal'}`;
    campaigns.push({
      id: cid,
      organization_id: node.id,
      title: title.slice(0, 160),
      slug: `${node.slug.slice(0, 90)}-${slugPart(season)}-${year}-${cid}`,
      status,
      start_date: isoDay(start),
      end_date: isoDay(end),
      goal_cents:
        kind === 'team' ? 250_000 + Math.floor(rnd() * 8) * 125_000 : 2_500_000 + Math.floor(rnd() * 8) * 1_250_000,
      player_goal_cents: 25_000 + Math.floor(rnd() * 4) * 25_000,
      short_description: `Help the ${node.name} raise money for fields, uniforms and travel this ${season.toLowerCase()}.`,
      created_by_user_id: adminOf.get(node.id) ?? superId,
      created_at: addDays(start, -14).toISOString(),
    });
    const taking =
      kind === 'team'
        ? (divisionsOfTeam.get(node.id) ?? [])
        : kind === 'league'
          ? teams.filter((t) => t.league === node.id).flatMap((t) => divisionsOfTeam.get(t.id) ?? [])
          : [];
    for (const d of taking) campaignDivisions.push({ campaign_id: cid, organization_id: d });
  }

  const strip = <T extends object>(rows: T[]) =>
    rows.map(({ league: _l, org: _o, team: _t, ...r }: T & { league?: unknown; org?: unknown; team?: unknown }) => r);
  return {
    nodes: [...orgs, ...strip(leagues), ...strip(teams), ...strip(divisions)] as NodeRow[],
    users,
    memberships,
    campaigns,
    campaignDivisions,
    divisions: { first: divisions[0]!.id, count: divisions.length },
    accounts: {
      super: 'super@scale.test',
      sales: 'sales@scale.test',
      orgAdmin: 'orgadmin@scale.test',
      leagueAdmin: 'leagueadmin@scale.test',
      teamAdmin: 'teamadmin@scale.test',
      divisionAdmin: 'divisionadmin@scale.test',
    },
    largestOrganizationId: largest,
  };
}
