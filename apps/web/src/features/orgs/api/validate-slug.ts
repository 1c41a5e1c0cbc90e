import type { OrgTypeNameWire, validateUrlResultSchema } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

export type SlugCheck = z.infer<typeof validateUrlResultSchema>;

/** GET /{type}/validate-url/{url}?showDetail=0&exclude={id} */
export function validateSlug(
  type: OrgTypeNameWire,
  slug: string,
  exclude?: number,
  signal?: AbortSignal,
): Promise<{ data: SlugCheck }> {
  return api.get<{ data: SlugCheck }>(
    `/${type}/validate-url/${encodeURIComponent(slug)}`,
    { showDetail: 0, exclude },
    signal,
  );
}

export function useSlugCheck(type: OrgTypeNameWire, slug: string, exclude?: number) {
  return useQuery({
    queryKey: orgKeys.slug(type, slug, exclude),
    queryFn: ({ signal }) => validateSlug(type, slug, exclude, signal),
    enabled: slug.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
