import type { validateUrlResultSchema } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { campaignKeys } from './keys';

export type SlugCheck = z.infer<typeof validateUrlResultSchema>;

/** GET /campaigns/validate-url/{url}?showDetail=0&exclude={id} (spec §5). */
export function validateCampaignSlug(slug: string, exclude?: number, signal?: AbortSignal) {
  return api.get<{ data: SlugCheck }>(
    `/campaigns/validate-url/${encodeURIComponent(slug)}`,
    { showDetail: 0, exclude },
    signal,
  );
}

export function useCampaignSlugCheck(slug: string, exclude?: number) {
  return useQuery({
    queryKey: campaignKeys.slug(slug, exclude),
    queryFn: ({ signal }) => validateCampaignSlug(slug, exclude, signal),
    enabled: slug.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
