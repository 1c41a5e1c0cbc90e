import { BrowserRouter, useRoutes } from 'react-router';
import { AppErrorBoundary } from './providers/AppErrorBoundary';
import { AppProviders } from './providers/AppProviders';
import { routes } from './routes/routes';

// Declarative routing (BrowserRouter + useRoutes): the app loads no route data through the router,
// and the data router's code (loaders, actions, fetchers) weighs ~17 KB gzip on every page.
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </AppErrorBoundary>
  );
}
