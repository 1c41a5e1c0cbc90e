import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { MiscMessage } from './MiscPages';

/** What a route shows when rendering it failed (a render error or a failed lazy chunk). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box component="main">
      <MiscMessage
        testId="route-error"
        icon={<ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />}
        title={t('misc.errorTitle')}
        body={t('misc.errorBody')}
      />
    </Box>
  );
}

interface BoundaryProps {
  /** Another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

class RouteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** The root route's element: its pages, or the error page when one fails to render. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteBoundary resetKey={pathname}>
      <Outlet />
    </RouteBoundary>
  );
}
