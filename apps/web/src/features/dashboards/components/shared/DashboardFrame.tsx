import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { DashboardSkeleton } from './Figures';

interface DashboardFrameProps<T> {
  title: string;
  subtitle?: string;
  /** The range and node control (above the figures, also while they load). */
  control?: ReactNode;
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
  /** Shown instead of the figures when there is nothing to ask yet (a staff member chooses a node first). */
  prompt?: string | undefined;
}

/** A dashboard page: its heading and control, then a skeleton, an error with retry, or its figures. */
export function DashboardFrame<T>({ title, subtitle, control, query, children, prompt }: DashboardFrameProps<T>) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {control}
      {prompt ? (
        <Alert severity="info" data-testid="dashboard-prompt">
          {prompt}
        </Alert>
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        children(query.data)
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}
