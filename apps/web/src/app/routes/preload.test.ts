import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/api/queryClient';
import { preloadRoute } from './preload';
import { routes } from './routes';

describe('preloadRoute', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('asks nothing of pages without data to preload, nor of unknown paths', async () => {
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
    await preloadRoute(routes, '/login');
    await preloadRoute(routes, '/no/such/page/here');
    expect(prefetch).not.toHaveBeenCalled();
  });
});
