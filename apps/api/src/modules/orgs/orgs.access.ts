/**
 * Who may see and change which node of the tree. Everything here derives from the caller's CASL
 * rules (abilities.ts, built from the matrix of DECISIONS §3), so the list filters in SQL and the
 * per-record checks can never disagree.
 */
import { ORG_TYPE_SUBJECT, type OrgTypeId, type Subject } from '@fc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { idArray } from '../../lib/id-array.js';
import { subtreeRootOf } from '../../lib/tree-scope.js';
import type { Principal } from '../../types.js';
import { asSubject } from '../abilities/abilities.js';

export interface NodeFacts {
  id: number;
  typeId: number;
  salesUserId: number | null;
  parentId: number | null;
}

export const subjectOfType = (typeId: number): Subject => ORG_TYPE_SUBJECT[typeId as OrgTypeId] as Subject;

export function nodeSubject(node: NodeFacts) {
  return asSubject(subjectOfType(node.typeId), {
    id: node.id,
    salesUserId: node.salesUserId,
    parentId: node.parentId,
  });
}

export const canOnNode = (p: Principal, action: 'read' | 'update' | 'create' | 'delete', node: NodeFacts) =>
  p.ability.can(action, nodeSubject(node));

/** May the caller add a node of `childType` under `parent`? Needs `update` on the parent, or a
 * `create` right on the child type that holds anywhere (FYS Sales adding teams). */
export function canAddChild(p: Principal, parent: NodeFacts, childType: number): boolean {
  if (canOnNode(p, 'update', parent)) return true;
  return p.ability.can(
    'create',
    asSubject(subjectOfType(childType), { id: 0, parentId: parent.id, salesUserId: p.user.id }),
  );
}

/** A root organization can be created only by a role whose rule needs no node (Super Admin). */
export const canCreateRoot = (p: Principal) =>
  p.ability.can('create', asSubject('org-organizations', { id: 0, parentId: null, salesUserId: null }));

/** Players on a division's roster; `salesUserIds` = salespeople of the division's ancestors. */
export function rosterSubject(divisionId: number, salesUserIds: number[]) {
  return asSubject('players', { organizationId: divisionId, salesUserIds });
}

type Cond = { id?: { $in?: number[] }; salesUserId?: number };

/**
 * SQL that keeps the nodes of one type the caller may read: `undefined` = no restriction,
 * otherwise a condition over the `organizations` row aliased `alias`.
 */
export function readableTypeSql(p: Principal, typeId: number, alias = 'o'): SQL | undefined {
  const rules = p.ability.rulesFor('read', subjectOfType(typeId));
  const ors: SQL[] = [];
  for (const rule of rules) {
    if (rule.inverted) continue;
    const c = rule.conditions as Cond | undefined;
    if (!c) return undefined;
    if (c.id?.$in) {
      const o = sql.identifier(alias);
      // The caller's own subtree is one condition on the node's kept path (decision 025).
      const root = subtreeRootOf(p, c.id.$in);
      ors.push(
        root !== null
          ? sql`${o}.path @> array[${root}::int]`
          : c.id.$in.length
            ? sql`${o}.id = any(${idArray(c.id.$in)})`
            : sql`false`,
      );
    }
    if (typeof c.salesUserId === 'number') ors.push(sql`${sql.identifier(alias)}.sales_user_id = ${c.salesUserId}`);
  }
  if (ors.length === 0) return sql`false`;
  return sql`(${sql.join(ors, sql` or `)})`;
}

/** The same over every type at once (or one type). */
export function readableSql(p: Principal, alias = 'o', typeId?: number): SQL {
  const types = typeId ? [typeId] : [1, 2, 3, 4];
  const parts = types.map((t) => {
    const cond = readableTypeSql(p, t, alias);
    return cond
      ? sql`(${sql.identifier(alias)}.type_id = ${t} and ${cond})`
      : sql`${sql.identifier(alias)}.type_id = ${t}`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}
