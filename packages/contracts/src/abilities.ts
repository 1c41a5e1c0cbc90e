/**
 * CASL vocabulary shared by both sides (ENGINEERING habit 5). The server computes the rules
 * (apps/api/src/modules/abilities) and enforces them; the client only renders from its copy.
 */
import { z } from 'zod';

export const ACTIONS = ['manage', 'list', 'read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Resources of spec §6, plus `all` (CASL's wildcard), `outbox` (staff mail outbox) and
 * `contact-messages` (the Contact-Us messages, issue 14): the last two only Super Admin has.
 */
export const SUBJECTS = [
  'all',
  'dashboards',
  'org-organizations',
  'org-leagues',
  'org-teams',
  'org-divisions',
  'campaigns',
  'fundraisers',
  'players',
  'donations',
  'affiliates',
  'onboarding',
  'userprofile',
  'faq',
  'ACL',
  'outbox',
  'contact-messages',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const abilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});
export type AbilityRule = z.infer<typeof abilityRuleSchema>;
