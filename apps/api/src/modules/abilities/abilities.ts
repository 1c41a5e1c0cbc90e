/**
 * Builds a principal's CASL rules from the matrix (one module, DECISIONS §3). Conditions name the
 * fields of the subject records the services check:
 * org nodes `id`, `salesUserId`; users `id`, `organizationIds`; other records `organizationId`,
 * `userId` (owner), `guardianUserId`, `donorUserId`.
 */
import { createMongoAbility, type MongoAbility, type RawRuleOf, subject } from '@casl/ability';
import type { AbilityRule, Action, Role, Subject } from '@fc/contracts';
import { type MatrixRule, ROLE_MATRIX } from './matrix.js';

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;

export interface AbilityContext {
  userId: number;
  role: Role;
  /** The membership's node (organization profiles), else null. */
  organizationId: number | null;
  /** The node and all its descendants. */
  scopeIds: number[];
  /** The node's ancestors (excluding itself). */
  ancestorIds: number[];
}

const ORG_SUBJECTS = new Set<Subject>(['org-organizations', 'org-leagues', 'org-teams', 'org-divisions']);

function conditionsFor(rule: MatrixRule, subject: Subject, ctx: AbilityContext): Record<string, unknown> | undefined {
  switch (rule.scope) {
    case 'all':
      return undefined;
    case 'sales':
      return ORG_SUBJECTS.has(subject) ? { salesUserId: ctx.userId } : { salesUserIds: ctx.userId };
    case 'ancestors':
      if (ORG_SUBJECTS.has(subject)) return { id: { $in: ctx.ancestorIds } };
      return { organizationId: { $in: [...ctx.ancestorIds, ...ctx.scopeIds] } };
    case 'scope':
      if (ORG_SUBJECTS.has(subject)) return { id: { $in: ctx.scopeIds } };
      if (subject === 'userprofile') return { organizationIds: { $in: ctx.scopeIds } };
      return { organizationId: { $in: ctx.scopeIds } };
    case 'own':
      if (subject === 'userprofile') return { id: ctx.userId };
      if (ORG_SUBJECTS.has(subject)) return { id: ctx.organizationId ?? -1 };
      if (subject === 'fundraisers' || subject === 'players') return { guardianUserId: ctx.userId };
      if (subject === 'donations') return { donorUserId: ctx.userId };
      return { userId: ctx.userId };
  }
}

/** One CASL rule per (rule, subject) so each subject gets its own condition. */
export function rulesFor(ctx: AbilityContext): AbilityRule[] {
  const out: AbilityRule[] = [];
  for (const rule of ROLE_MATRIX[ctx.role]) {
    for (const subject of rule.subject) {
      const conditions = conditionsFor(rule, subject, ctx);
      out.push(conditions ? { action: rule.action, subject, conditions } : { action: rule.action, subject });
    }
  }
  return out;
}

export function abilityFromRules(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject | Record<string, unknown>]>(rules as RawRuleOf<AppAbility>[]);
}

/** A concrete record to check rules against, e.g. `asSubject('userprofile', { id, organizationIds })`. */
export function asSubject(type: Subject, attrs: Record<string, unknown>): Record<string, unknown> {
  return subject(type, { ...attrs });
}
