import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/api/queryClient';
import { preloadRoute } from './preload';
import { routes } from './routes';

describe('preloadRoute', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it("starts a public page's data request with the route's params, and its code", async () => {
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
    await preloadRoute(routes, '/fundraisers/jane-d-spring-drive');
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey).toEqual(['public', 'fundraiser', 'jane-d-spring-drive']);
  });

  it('asks nothing of pages without data to preload, nor of unknown paths', async () => {
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
    await preloadRoute(routes, '/login');
    await preloadRoute(routes, '/no/such/page/here');
    expect(prefetch).not.toHaveBeenCalled();
  });
});
