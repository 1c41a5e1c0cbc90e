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

/**
 * The copy of the rules sent to the console (login, switch). The console only asks type-level
 * questions ("may I create teams?") to hide what the server would refuse; the per-node answers
 * come from the server (`can` flags). So node-id lists, which hold the whole subtree (10,000 ids
 * for a large organization), are replaced by the node they start from: `{ subtreeOf: nodeId }` / `{ ancestorsOf: nodeId }`.
 */
export function clientRulesFor(ctx: AbilityContext): AbilityRule[] {
  const scope = new Set(ctx.scopeIds);
  const isScope = (ids: unknown) => Array.isArray(ids) && ids.length === scope.size && ids.every((i) => scope.has(i));
  return rulesFor(ctx).map((rule) => {
    const c = rule.conditions as Record<string, { $in?: unknown }> | undefined;
    if (!c) return rule;
    const [, cond] = Object.entries(c)[0] ?? [];
    if (!cond || typeof cond !== 'object' || !('$in' in cond)) return rule;
    // A plain equality on a field no console record has: type-level checks still pass, and a
    // record-level check in the console says no rather than guessing.
    return { ...rule, conditions: { [isScope(cond.$in) ? 'subtreeOf' : 'ancestorsOf']: ctx.organizationId } };
  });
}

export function abilityFromRules(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject | Record<string, unknown>]>(rules as RawRuleOf<AppAbility>[]);
}

/** A concrete record to check rules against, e.g. `asSubject('userprofile', { id, organizationIds })`. */
export function asSubject(type: Subject, attrs: Record<string, unknown>): Record<string, unknown> {
  return subject(type, { ...attrs });
}
