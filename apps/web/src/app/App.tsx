import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from './providers/AppErrorBoundary';
import { AppProviders } from './providers/AppProviders';
import { routes } from './routes/routes';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
