import type { OrgRef } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { campaignKeys } from './keys';

interface FilterParams {
  parent?: number;
  organizationType?: number;
  q?: string;
  writable?: boolean;
}

/** GET /admin/organization/filter: nodes the caller can see (at most 200 per call). */
function orgFilter(params: FilterParams, signal?: AbortSignal): Promise<{ data: OrgRef[] }> {
  return api.get<{ data: OrgRef[] }>(
    '/admin/organization/filter',
    {
      parent: params.parent,
      organizationType: params.organizationType,
      q: params.q,
      writable: params.writable ? 1 : undefined,
    },
    signal,
  );
}

/** Owners a campaign can have: the organizations, leagues and teams the caller manages. */
export function useOwnerOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.owners(q),
    queryFn: ({ signal }) => orgFilter({ q: q || undefined, writable: true }, signal),
    select: (res) => res.data.filter((o) => o.typeId !== 4),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** Any node the caller can see (sharing a campaign with it). */
export function useOrgSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.orgSearch(q),
    queryFn: ({ signal }) => orgFilter({ q: q || undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** A campaign's owner node (its type is unknown when read back from a campaign). */
export interface OwnerNode {
  id: number;
  name: string;
  typeId?: number;
}

export interface DivisionOption {
  id: number;
  name: string;
  /** The team the division belongs to (for grouping). */
  teamName: string;
}

/**
 * The divisions somewhere under `owner`: the filter call lists one node's children, so this walks
 * the (at most three) levels down from the owner, one call per node of each level, in parallel.
 */
export async function divisionsUnder(owner: OwnerNode, signal?: AbortSignal): Promise<DivisionOption[]> {
  if (owner.typeId === 4) return [{ id: owner.id, name: owner.name, teamName: '' }];
  const out: DivisionOption[] = [];
  let level: OwnerNode[] = [owner];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const children = await Promise.all(
      level.map((n) => orgFilter({ parent: n.id }, signal).then((r) => [n, r.data] as const)),
    );
    const next: OwnerNode[] = [];
    for (const [parent, kids] of children) {
      for (const kid of kids) {
        if (kid.typeId === 4) out.push({ id: kid.id, name: kid.name, teamName: parent.name });
        else next.push(kid);
      }
    }
    level = next;
  }
  return out.sort((a, b) => a.teamName.localeCompare(b.teamName) || a.name.localeCompare(b.name));
}

export function useDivisionsUnder(owner: OwnerNode | null) {
  return useQuery({
    queryKey: campaignKeys.divisionsUnder(owner?.id ?? 0),
    queryFn: ({ signal }) => divisionsUnder(owner as OwnerNode, signal),
    enabled: Boolean(owner),
    staleTime: 60_000,
  });
}
