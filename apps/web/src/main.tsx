import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes/preload';
import { routes } from './app/routes/routes';
import { hasStoredUser, isStoredUserChecked } from './lib/auth/storage';
import { i18nReady } from './lib/i18n';

// Checking a stored session needs the contract's schemas: only the first signed-in start of a
// new release loads them (lib/auth/storage.ts).
const restoreSession = () => import('./lib/auth/session').then((m) => m.restoreSession());

async function start(root: HTMLElement) {
  void preloadRoute(routes, window.location.pathname);
  await Promise.all([i18nReady, hasStoredUser() && !isStoredUserChecked() ? restoreSession() : undefined]);
  // A transition renders the first page in slices, leaving the main thread free between them
  // (a phone's CPU would otherwise be blocked for the whole first render).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (root) void start(root);
