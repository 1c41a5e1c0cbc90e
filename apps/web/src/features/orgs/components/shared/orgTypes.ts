import {
  ALLOWED_PARENT_TYPES,
  ORG_TYPE_SUBJECT,
  type OrgTypeId,
  type OrgTypeNameWire,
  orgTypeName,
} from '@fc/contracts';

/** Route segment of each type under /orgs (organizations, leagues, teams, divisions). */
const SEGMENT: Record<OrgTypeId, string> = { 1: 'organizations', 2: 'leagues', 3: 'teams', 4: 'divisions' };

export const typeName: (typeId: OrgTypeId) => OrgTypeNameWire = orgTypeName;
export const listPath = (typeId: OrgTypeId) => `/orgs/${SEGMENT[typeId]}/list`;
export const viewPath = (typeId: number, id: number) =>
  `/orgs/${SEGMENT[typeId as OrgTypeId] ?? 'organizations'}/view/${id}`;
export const subjectOf = (typeId: OrgTypeId) => ORG_TYPE_SUBJECT[typeId];

/** Child types a node of this type can hold (DECISIONS §2). */
export function childTypesOf(typeId: OrgTypeId): OrgTypeId[] {
  return ([2, 3, 4] as const).filter((c) => ALLOWED_PARENT_TYPES[c].includes(typeId));
}

/** Names and titles become web addresses the same way everywhere (@fc/contracts slug.ts). */
export { slugify } from '@fc/contracts';
