import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/LoadingScreen';

/** Public pages: no console chrome, just a main landmark. */
export function BlankLayout() {
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<LoadingScreen fullPage />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
