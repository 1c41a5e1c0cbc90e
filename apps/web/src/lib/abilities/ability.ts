/**
 * Client copy of the CASL rules the server sent at login or switch (DECISIONS §3). It only
 * hides what the user cannot do; the server enforces the same rules on every request.
 */

import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { AbilityRule, Action, Subject } from '@fc/contracts';

export type AppAbility = MongoAbility<[Action, Subject]>;

export function buildAbility(rules: readonly AbilityRule[] | null | undefined): AppAbility {
  return createMongoAbility<AppAbility>((rules ?? []) as RawRuleOf<AppAbility>[]);
}

/** A route or menu item is allowed when any of its resources allows the action. */
export function canAccess(ability: AppAbility, action: Action, resource: Subject | readonly Subject[]): boolean {
  const list: readonly Subject[] = typeof resource === 'string' ? [resource] : resource;
  return list.some((subject) => ability.can(action, subject));
}
