import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../lib/i18n';
import { NotFoundPage } from './MiscPages';

// React's act() environment flag for a test renderer without Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to);
  }, [navigate, to]);
  return null;
}

let root: Root | null = null;
async function open(start: string, reload: () => void) {
  const router = createMemoryRouter(
    [
      // A console page with a link to a page the server renders.
      { path: '/dashboard', element: <GoTo to="/campaigns/rockets-spring-drive" /> },
      { path: '*', element: <NotFoundPage reload={reload} /> },
    ],
    { initialEntries: [start] },
  );
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(<RouterProvider router={router} />);
  });
}
const notFound = () => document.querySelector('[data-testid="not-found"]');

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('NotFoundPage', () => {
  it('opened directly (the server answered this address with the console): says the page was not found', async () => {
    const reload = vi.fn();
    await open('/no-such-console-page', reload);
    expect(notFound()).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reached by a link inside the console: loads the address from the server once, shows nothing meanwhile', async () => {
    const reload = vi.fn();
    await open('/dashboard', reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notFound()).toBeNull();
  });
});
