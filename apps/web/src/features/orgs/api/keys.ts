import type { OrgListQuery, OrgTypeId } from '@fc/contracts';

export type OrgListParams = Partial<
  Pick<
    OrgListQuery,
    'organizationType' | 'q' | 'sales' | 'parent' | 'status' | 'page' | 'perPage' | 'sort' | 'sortColumn'
  >
>;

export interface OrgOptionsParams {
  organizationType?: OrgTypeId;
  parent?: number;
  q?: string;
  writable?: boolean;
}

export interface MemberListParams {
  q?: string;
  page: number;
  perPage: number;
  sort?: 'asc' | 'desc';
  sortColumn?: 'name' | 'email' | 'role' | 'createdAt';
}

/** Query keys: mutations invalidate one node (and its lists) precisely. */
export const orgKeys = {
  all: ['orgs'] as const,
  lists: () => [...orgKeys.all, 'list'] as const,
  list: (params: OrgListParams) => [...orgKeys.lists(), params] as const,
  details: () => [...orgKeys.all, 'detail'] as const,
  detail: (id: number) => [...orgKeys.details(), id] as const,
  options: (params: OrgOptionsParams) => [...orgKeys.all, 'options', params] as const,
  members: (id: number) => [...orgKeys.all, 'members', id] as const,
  memberList: (id: number, params: MemberListParams) => [...orgKeys.members(id), params] as const,
  division: (id: number) => [...orgKeys.all, 'division', id] as const,
  slug: (type: string, slug: string, exclude?: number) => [...orgKeys.all, 'slug', type, slug, exclude ?? 0] as const,
  salespeople: () => [...orgKeys.all, 'salespeople'] as const,
};
