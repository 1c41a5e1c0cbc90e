// The bulk part of the scale data set (scripts/seed-scale.ts): one `insert ... select` over
// `generate_series` per table. "Random" choices are hashes of the row number
// (`hashint8extended`), so every run makes the same rows on PostgreSQL and on PGlite.
import { coverFeeCents, processingFeeCents } from '@fc/contracts';
import { FIRST_NAMES, LAST_NAMES } from './seed-scale-names.js';

export const VOLUME = {
  players: 100_000,
  donations: 1_000_000,
  /** Donations to a campaign as a whole (no player page); the rest go to players' pages. */
  campaignLevelDonations: 50_000,
  /** Distinct donor emails the donations are drawn from (repeat donors are common). */
  donorPool: 400_000,
  /** Donors with a signed-in Donor account. */
  donorAccounts: 2_000,
  /** Share of players on a second roster. */
  secondRoster: 0.05,
} as const;

/** Uniform in [0, 1) from an integer expression and a seed. */
const u = (expr: string, seed: number) =>
  `((hashint8extended((${expr})::bigint, ${seed}) & 2147483647)::float8 / 2147483648.0)`;
/** Uniform integer in [0, n). */
const h = (expr: string, seed: number, n: number) =>
  `((hashint8extended((${expr})::bigint, ${seed}) & 2147483647) % ${n})::int`;
const textArray = (list: readonly string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
const intArray = (list: readonly number[]) => `array[${list.join(',')}]::int[]`;
const FIRST = textArray(FIRST_NAMES);
const LAST = textArray(LAST_NAMES);
const firstName = (expr: string, seed: number) => `(${FIRST})[1 + ${h(expr, seed, FIRST_NAMES.length)}]`;
const lastName = (expr: string, seed: number) => `(${LAST})[1 + ${h(expr, seed, LAST_NAMES.length)}]`;

const PRESETS = [
  500, 1000, 1500, 2000, 2000, 2000, 2500, 2500, 2500, 3000, 5000, 5000, 5000, 5000, 7500, 10000, 10000, 10000, 15000,
  25000, 25000, 50000, 100000,
];
const COVER = PRESETS.map((a) => coverFeeCents(a));
const FEE_PLAIN = PRESETS.map((a) => processingFeeCents(a));
const FEE_COVERED = PRESETS.map((a, i) => processingFeeCents(a + COVER[i]!));
const MESSAGES = [
  'Go team!',
  'So proud of you, kiddo!',
  'Good luck this season!',
  'From Grandma and Grandpa, with love.',
  '¡Vamos equipo!',
  'Have a great season!',
  'Keep working hard!',
  'Happy to support the team.',
];

export interface Bases {
  users: number;
  players: number;
  campaigns: number;
  campaignFundraisers: number;
  donors: number;
  donations: number;
}

/** Parents: one per player or two siblings; 60% have set their password, the rest are invited. */
export const guardiansSql = (b: Bases, passwordHash: string) => {
  const n = guardianCount();
  return `insert into users (id, email, password_hash, first_name, last_name, status, email_confirmed_at, language,
    created_at, updated_at)
  select ${b.users} + g, lower(f) || '.' || lower(l) || '.' || g || '@example.net',
    case when active then '${passwordHash}' end, f, l, case when active then 'active' else 'invited' end,
    case when active then at end, case when ${u('g', 3)} < 0.1 then 'es' else 'en' end, at, at
  from (select g, ${firstName('g', 1)} as f, ${lastName('g', 2)} as l, ${u('g', 4)} < 0.6 as active,
      now() - (${h('g', 5, 800)} || ' days')::interval as at
    from generate_series(1, ${n}) g) x`;
};
export const guardianCount = () => Math.floor((VOLUME.players - 1) / 1.5) + 1;

export const guardianProfilesSql = (b: Bases) => `insert into user_profiles (user_id, type, created_at)
  select id, 'fundraiser', created_at from users where id > ${b.users} and id <= ${b.users + guardianCount()}`;

/** Players: consecutive players share a parent (one or two children each), ages 6 to 17. */
export const playersSql = (b: Bases) => `insert into players (id, guardian_user_id, first_name, last_name,
    parent_first_name, parent_last_name, email, slug, birth_date, public_listing, show_full_name, created_at, updated_at)
  select ${b.players} + p, gu.id, x.f, gu.last_name, gu.first_name, gu.last_name, gu.email,
    lower(x.f) || '-' || lower(gu.last_name) || '-' || (${b.players} + p),
    (current_date - ((6 + ${h('p', 12, 12)}) * 365 + ${h('p', 13, 365)}))::date,
    ${u('p', 14)} < 0.6, ${u('p', 15)} < 0.15, gu.created_at, gu.created_at
  from (select p, ${firstName('p', 11)} as f from generate_series(1, ${VOLUME.players}) p) x
  join users gu on gu.id = ${b.users} + 1 + floor((p - 1) / 1.5)::int`;

/** Every player on one roster, 5% on a second one (another sport, an older group). */
export const rostersSql = (b: Bases, div: { first: number; count: number }, second: boolean) => {
  const p = `(pl.id - ${b.players})`;
  return `insert into organization_fundraisers (organization_id, player_id, natural_key, invited_at, created_at)
  select ${div.first} + ${h(p, second ? 23 : 21, div.count)}, pl.id,
    lower(pl.first_name) || '|' || lower(pl.last_name) || '|' || lower(pl.email), pl.created_at, pl.created_at
  from players pl where pl.id > ${b.players}${second ? ` and ${u(p, 22)} < ${VOLUME.secondRoster}` : ''}
  on conflict do nothing`;
};

/** A page per player on each campaign a division of theirs takes part in. */
export const campaignFundraisersSql = (b: Bases) => `insert into campaign_fundraisers (id, campaign_id, player_id,
    division_id, slug, goal_cents, invited_at, accepted_at, created_at, updated_at)
  select ${b.campaignFundraisers} + row_number() over (order by x.campaign_id, x.player_id), x.campaign_id, x.player_id,
    x.division_id, pl.slug || '-' || x.campaign_id,
    case when ${u('x.campaign_id * 1000003 + x.player_id', 41)} < 0.2 then 10000 * (2 + ${h('x.player_id', 42, 8)}) end,
    c.created_at + interval '1 day', case when gu.status = 'active' then c.created_at + interval '3 days' end,
    c.created_at, c.created_at
  from (select distinct on (cd.campaign_id, f.player_id) cd.campaign_id, f.player_id, f.organization_id as division_id
      from campaign_divisions cd join organization_fundraisers f on f.organization_id = cd.organization_id
      where cd.campaign_id > ${b.campaigns} order by cd.campaign_id, f.player_id, f.organization_id) x
  join campaigns c on c.id = x.campaign_id
  join players pl on pl.id = x.player_id
  left join users gu on gu.id = pl.guardian_user_id`;

/** Donor `d` of donation `g`: skewed so that a minority give again and again. */
const donorOf = (g: string) => `(1 + floor(${VOLUME.donorPool} * power(${u(g, 6)}, 2.2))::int)`;
const donorEmail = (d: string) =>
  `lower(${firstName(d, 31)}) || '.' || lower(${lastName(d, 32)}) || ${d} || '@example.com'`;

export const donorUsersSql = (userBase: number) => `insert into users (id, email, first_name, last_name, status,
    email_confirmed_at, created_at, updated_at)
  select ${userBase} + d, ${donorEmail('d')}, ${firstName('d', 31)}, ${lastName('d', 32)}, 'invited', null, now(), now()
  from generate_series(1, ${VOLUME.donorAccounts}) d`;

export const donorProfilesSql = (userBase: number) => `insert into user_profiles (user_id, type)
  select id, 'donor' from users where id > ${userBase} and id <= ${userBase + VOLUME.donorAccounts}`;

/** The donors who appear in the donations (the same hash as donationsSql). */
export const donorsSql = (b: Bases, donorUserBase: number) => `insert into donors (id, email, first_name, last_name,
    user_id, created_at, updated_at)
  select ${b.donors} + d, ${donorEmail('d')}, ${firstName('d', 31)}, ${lastName('d', 32)},
    case when d <= ${VOLUME.donorAccounts} then ${donorUserBase} + d end, now(), now()
  from (select distinct ${donorOf('g')} as d from generate_series(1, ${VOLUME.donations}) g) s`;

/**
 * The donations: a player's page picked with a skew (a few players raise a lot), a date inside the
 * campaign's dates (never in the future), 10% abandoned (pending card donations never paid, their
 * one reminder sent), 5% refunded, 3% offline (cash or check), the rest completed card gifts.
 * Ids follow the creation time, as they would in production.
 */
export function donationsSql(b: Bases, donorUserBase: number, superUserId: number): string {
  const n = VOLUME.donations;
  const campaignLevel = VOLUME.campaignLevelDonations;
  // A moment between the campaign's start and its end or now, whichever comes first.
  const when = (alias: string, g: string) => `${alias}.t0 + ${alias}.span * ${u(g, 2)}`;
  const window = `c.start_date::timestamp at time zone 'UTC' as t0,
        least((c.end_date + 1)::timestamp at time zone 'UTC', now()) - c.start_date::timestamp at time zone 'UTC' as span`;
  return `with pages as (
      select cf.id, cf.campaign_id, cf.division_id, c.organization_id, ${window},
        row_number() over (order by hashint8extended(cf.id::bigint, 7)) - 1 as k
      from campaign_fundraisers cf join campaigns c on c.id = cf.campaign_id
      where c.id > ${b.campaigns} and c.status <> 'draft'),
    np as (select count(*) as n from pages),
    whole as (
      select c.id as campaign_id, c.organization_id, ${window},
        row_number() over (order by (o.type_id = 1) desc, hashint8extended(c.id::bigint, 8)) - 1 as k
      from campaigns c join organizations o on o.id = c.organization_id
      where c.id > ${b.campaigns} and c.status <> 'draft'),
    nw as (select count(*) as n from whole),
    gen as (
      select g, null::int as cf_id, w.campaign_id, null::int as division_id, w.organization_id,
        ${when('w', 'g')} as created_at
      from generate_series(1, ${campaignLevel}) g cross join nw
      join whole w on w.k = floor(nw.n * power(${u('g', 1)}, 2.5))::bigint
      union all
      select g, p.id, p.campaign_id, p.division_id, p.organization_id, ${when('p', 'g')}
      from generate_series(${campaignLevel + 1}, ${n}) g cross join np
      join pages p on p.k = floor(np.n * power(${u('g', 1)}, 1.6))::bigint),
    shaped as (
      select ${b.donations} + row_number() over (order by gen.created_at, gen.g) as id, gen.*,
        case when ${u('g', 3)} < 0.10 then 0 when ${u('g', 3)} < 0.15 then 3 else 1 end as status,
        case when ${u('g', 3)} >= 0.97 then 'offline' else 'card' end as method,
        1 + ${h('g', 4, PRESETS.length)} as a, ${u('g', 5)} < 0.45 as covers, ${donorOf('g')} as d
      from gen),
    priced as (
      select s.*, (${intArray(PRESETS)})[a] as amount,
        case when covers and method = 'card' then (${intArray(COVER)})[a] else 0 end as cover,
        case when method <> 'card' then 0 when covers then (${intArray(FEE_COVERED)})[a]
          else (${intArray(FEE_PLAIN)})[a] end as fee,
        case when status = 0 then null when method = 'offline' then created_at
          else created_at + (20 + ${h('g', 10, 300)}) * interval '1 second' end as completed_at
      from shaped s)
  insert into donations (id, public_id, kind, campaign_id, campaign_fundraiser_id, organization_id, division_id,
    donor_id, amount_cents, cover_fee_cents, refunded_cents, refunded_fee_cents, processing_fee_cents, currency, status,
    method, provider, payment_intent_id, client_secret, intent_status, donor_user_id, donor_first_name,
    donor_last_name, donor_email, anonymous, message, language, receipt_number, receipt_sent_at, reminder_sent_at,
    recorded_by_user_id, offline_reference, completed_at, created_at, updated_at)
  select id, md5('fc-scale-' || id), 'gift', campaign_id, cf_id, organization_id, division_id,
    ${b.donors} + d, amount, cover, case when status = 3 then amount else 0 end,
    case when status = 3 then cover else 0 end, case when status = 0 then 0 else fee end, 'usd', status,
    method, case when method = 'card' then 'sandbox' end,
    case when method = 'card' then 'pi_seed_' || id end,
    case when method = 'card' then 'pi_seed_' || id || '_secret_' || substr(md5(id::text), 1, 12) end,
    case when method <> 'card' then null when status = 0 then 'requires_payment_method' else 'succeeded' end,
    case when d <= ${VOLUME.donorAccounts} then ${donorUserBase} + d end,
    ${firstName('d', 31)}, ${lastName('d', 32)}, ${donorEmail('d')},
    ${u('g', 7)} < 0.05, case when ${u('g', 8)} < 0.2 then (${textArray(MESSAGES)})[1 + ${h('g', 9, MESSAGES.length)}] end,
    case when ${u('g', 11)} < 0.1 then 'es' else 'en' end,
    case when status <> 0 then 'FC-' || lpad(id::text, 8, '0') end, completed_at,
    case when status = 0 then least(created_at + interval '1 hour', now()) end,
    case when method = 'offline' then ${superUserId} end,
    case when method = 'offline' then (case when ${u('g', 12)} < 0.5 then 'cash' else 'check ' || (1000 + ${h('g', 13, 9000)}) end) end,
    completed_at, created_at,
    case when status = 3 then least(now(), completed_at + (1 + ${h('g', 14, 20)}) * interval '1 day')
      else coalesce(completed_at, created_at) end
  from priced`;
}

/** The refunds behind the refunded donations (whole charge back, as the console does by default). */
export const refundsSql = (b: Bases, superUserId: number) => `insert into refunds (donation_id, amount_cents,
    request_key, provider_refund_id, status, reason, created_by_user_id, created_at)
  select id, amount_cents + cover_fee_cents, id || ':scale-seed', 're_seed_' || id, 'succeeded', 'Requested by the donor',
    ${superUserId}, updated_at
  from donations where id > ${b.donations} and status = 3`;
