/**
 * Organization hierarchy contracts (spec §7 "Organizations, leagues, teams, divisions",
 * DECISIONS §2 and §7). One tree of nodes: 1 organization > 2 league > 3 team > 4 division.
 */
import { z } from 'zod';
import { emailSchema, personNameSchema } from './auth.js';
import { dbIdSchema, dbIdTextSchema, listQuerySchema } from './envelope.js';
import { ORG_ROLES, ORG_TYPE, type OrgTypeId } from './roles.js';

export const ORG_TYPE_IDS = [1, 2, 3, 4] as const;
export const orgTypeIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** Path names of the four types, as in `GET /{type}/validate-url/{url}` and the console routes. */
export const ORG_TYPE_NAMES = ['organization', 'league', 'team', 'division'] as const;
export type OrgTypeNameWire = (typeof ORG_TYPE_NAMES)[number];
export const orgTypeName = (typeId: number): OrgTypeNameWire => ORG_TYPE_NAMES[typeId - 1] ?? 'organization';

/** The CASL subject of a node of each type (spec §6 resources). */
export const ORG_TYPE_SUBJECT = {
  1: 'org-organizations',
  2: 'org-leagues',
  3: 'org-teams',
  4: 'org-divisions',
} as const satisfies Record<OrgTypeId, string>;

/**
 * Which parent types each type accepts (DECISIONS §2): a league under an organization, a team
 * under a league or an organization, a division under a team; organizations are roots.
 */
export const ALLOWED_PARENT_TYPES: Record<OrgTypeId, readonly OrgTypeId[]> = {
  [ORG_TYPE.organization]: [],
  [ORG_TYPE.league]: [ORG_TYPE.organization],
  [ORG_TYPE.team]: [ORG_TYPE.league, ORG_TYPE.organization],
  [ORG_TYPE.division]: [ORG_TYPE.team],
};

/** Roles a membership on a node of each type may carry. */
export const ROLES_FOR_TYPE: Record<OrgTypeId, readonly (typeof ORG_ROLES)[number][]> = {
  1: ['org_admin', 'org_user'],
  2: ['league_admin'],
  3: ['team_admin'],
  4: ['division_admin'],
};

export const ORG_STATUSES = ['active', 'inactive'] as const;

/** URL slug: lower-case letters, digits and single hyphens, 3-60 characters. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters')
  .max(60, 'Use at most 60 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens only');

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Editable details shared by create and update. */
const nodeDetails = {
  description: optionalText(2000),
  contactEmail: emailSchema.nullable().optional(),
  phone: optionalText(30),
  website: z.string().trim().max(300).url('Enter a full address, e.g. https://example.org').nullable().optional(),
  city: optionalText(100),
  region: optionalText(100),
  status: z.enum(ORG_STATUSES).optional(),
};

export const createOrgBodySchema = z.strictObject({
  typeId: orgTypeIdSchema,
  name: z.string().trim().min(2, 'Use at least 2 characters').max(160),
  slug: slugSchema,
  /** Required for leagues, teams and divisions; absent for organizations. */
  parentId: dbIdSchema.nullable().optional(),
  /** FYS Sales person of a team; a salesperson creating a team is set automatically. */
  salesUserId: dbIdSchema.nullable().optional(),
  ...nodeDetails,
});
export type CreateOrgBody = z.infer<typeof createOrgBodySchema>;

/** `POST /admin/division/create`: a division under a team. */
export const createDivisionBodySchema = z.strictObject({
  parentId: dbIdSchema,
  name: z.string().trim().min(2, 'Use at least 2 characters').max(160),
  slug: slugSchema,
  ...nodeDetails,
});

/** `PATCH /organization`: details, slug, parent (a move) and salesperson. Type never changes. */
export const updateOrgBodySchema = z.strictObject({
  id: dbIdSchema,
  name: z.string().trim().min(2, 'Use at least 2 characters').max(160).optional(),
  slug: slugSchema.optional(),
  parentId: dbIdSchema.nullable().optional(),
  salesUserId: dbIdSchema.nullable().optional(),
  ...nodeDetails,
});
export type UpdateOrgBody = z.infer<typeof updateOrgBodySchema>;

export const ORG_SORT_COLUMNS = ['id', 'name', 'slug', 'parentName', 'salesName', 'players', 'createdAt'] as const;

/** `GET /admin/user_organization/filter`. */
export const orgListQuerySchema = listQuerySchema.extend({
  organizationType: z.coerce.number().pipe(orgTypeIdSchema).optional(),
  /** A salesperson's user id (FYS Sales filter). */
  sales: dbIdTextSchema.optional(),
  parent: dbIdTextSchema.optional(),
  status: z.enum(ORG_STATUSES).optional(),
  sortColumn: z.enum(ORG_SORT_COLUMNS).default('name'),
});
export type OrgListQuery = z.infer<typeof orgListQuerySchema>;

export const orgSummarySchema = z.object({
  id: z.number().int(),
  typeId: orgTypeIdSchema,
  name: z.string(),
  slug: z.string(),
  status: z.enum(ORG_STATUSES),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  salesUserId: z.number().int().nullable(),
  salesName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  childrenCount: z.number().int(),
  /** Players on rosters anywhere in the node's subtree. */
  players: z.number().int(),
  createdAt: z.string(),
});
export type OrgSummary = z.infer<typeof orgSummarySchema>;

export const orgRefSchema = z.object({ id: z.number().int(), name: z.string(), typeId: orgTypeIdSchema });
export type OrgRef = z.infer<typeof orgRefSchema>;

/** Figures for the node and its whole subtree, computed when asked (always current). */
export const orgRollupSchema = z.object({
  leagues: z.number().int(),
  teams: z.number().int(),
  divisions: z.number().int(),
  players: z.number().int(),
  members: z.number().int(),
  /** Campaigns owned by nodes in the subtree with status draft or active (spec §4). */
  activeCampaigns: z.number().int(),
  /** Completed donations minus refunds credited to nodes in the subtree (cents). */
  raisedCents: z.number().int(),
  /** Distinct donor emails of those donations. */
  donors: z.number().int(),
});
export type OrgRollup = z.infer<typeof orgRollupSchema>;

export const orgDetailSchema = orgSummarySchema.extend({
  description: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  updatedAt: z.string(),
  /** Root first, parent last. */
  ancestors: z.array(orgRefSchema),
  children: z.array(orgSummarySchema),
  rollup: orgRollupSchema,
  /** What the caller may do here (the server enforces the same checks). */
  can: z.object({
    update: z.boolean(),
    addChild: z.boolean(),
    manageMembers: z.boolean(),
    manageRoster: z.boolean(),
    move: z.boolean(),
    setSales: z.boolean(),
    /** May delete it (only an empty node is deleted: no children, players or members). */
    delete: z.boolean(),
  }),
});
export type OrgDetail = z.infer<typeof orgDetailSchema>;

/** `GET /admin/organization/?organization={id}`. */
export const orgDetailQuerySchema = z.object({ organization: dbIdTextSchema });
/** `GET /admin/organization/filter?parent=`: options for parent pickers (nodes the caller may see). */
export const orgFilterQuerySchema = z.object({
  parent: dbIdTextSchema.optional(),
  organizationType: z.coerce.number().pipe(orgTypeIdSchema).optional(),
  q: z.string().trim().max(200).optional(),
  /** Only nodes the caller may add children to. */
  writable: z.enum(['0', '1']).optional(),
});

/** `GET /{type}/validate-url/{url}?showDetail=0`. */
export const validateUrlParamsSchema = z.object({
  type: z.enum([...ORG_TYPE_NAMES, 'fundraiser', 'campaigns', 'affiliate']),
  url: z.string().max(200),
});
export const validateUrlQuerySchema = z.object({
  showDetail: z.enum(['0', '1']).optional(),
  /** The node being edited: its own slug counts as available. */
  exclude: dbIdTextSchema.optional(),
});
export const validateUrlResultSchema = z.object({
  url: z.string(),
  available: z.boolean(),
  /** Why it is not available: `invalid` (format), `taken`, or `reserved` (one of the site's own words). */
  reason: z.enum(['invalid', 'taken', 'reserved']).optional(),
  message: z.string().optional(),
  /** A free slug close to the one asked for, when it was taken. */
  suggestion: z.string().optional(),
});

/** Members of a node (organization profiles). */
export const ORG_MEMBER_SORT_COLUMNS = ['name', 'email', 'role', 'createdAt'] as const;
export const orgMembersQuerySchema = listQuerySchema.extend({
  sortColumn: z.enum(ORG_MEMBER_SORT_COLUMNS).default('name'),
});
export const orgMemberSchema = z.object({
  /** The membership id (`DELETE /admin/user_organization/{id}`). */
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
  status: z.string(),
  createdAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;

/** `POST /organization/{id}/user` and `POST /division/{id}/user`: add by email, invite if new. */
export const addMemberBodySchema = z.strictObject({
  email: emailSchema,
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  role: z.enum(ORG_ROLES).optional(),
});
export const updateMemberBodySchema = z.strictObject({ role: z.enum(ORG_ROLES) });

/** The caller's own organization profiles (`GET /user_organization/`). */
export const myMembershipSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organization: z.string(),
  typeId: orgTypeIdSchema,
  role: z.enum(ORG_ROLES),
});

/** A player on a division roster (`GET /divisions/{id}`). */
export const rosterEntrySchema = z.object({
  /** The roster entry id (`/organization_fundraiser/{id}`). */
  id: z.number().int(),
  playerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  slug: z.string(),
  status: z.enum(['invited', 'active']),
  invitedAt: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const divisionDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  users: z.array(orgMemberSchema),
  players: z.array(rosterEntrySchema),
});

/** `POST /division/{id}/player`: one player and the parent who manages the player's page. */
export const addPlayerBodySchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  parentFirstName: personNameSchema.optional(),
  parentLastName: personNameSchema.optional(),
  email: emailSchema,
  phone: z.string().trim().max(30).optional(),
});
export type AddPlayerBody = z.infer<typeof addPlayerBodySchema>;

/** Imports (DECISIONS §7): a CSV upload; `dryRun=1` validates and previews without writing. */
export const IMPORT_KINDS = ['player', 'roster', 'division'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MAX_ROWS = 20000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Columns of each template, in order; `*` marks required ones in the docs, not in the header. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  player: ['player_first_name', 'player_last_name', 'parent_first_name', 'parent_last_name', 'parent_email', 'phone'],
  roster: [
    'division',
    'player_first_name',
    'player_last_name',
    'parent_first_name',
    'parent_last_name',
    'parent_email',
    'phone',
  ],
  division: ['division', 'slug'],
};
export const importQuerySchema = z.object({ dryRun: z.enum(['0', '1']).optional() });
export const importRowErrorSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** False when any row is invalid: nothing was written. */
  valid: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** At most 500 errors are listed; `errorCount` has them all. */
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  /** The first rows as read, for the preview. */
  preview: z.array(z.record(z.string(), z.string())),
  durationMs: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
