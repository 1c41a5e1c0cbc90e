import { Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense } from 'react';

// The control's fields (dates, the organization search) load beside the page, not before its figures.
const Control = lazy(async () => ({ default: (await import('./RangeControl')).RangeControl }));

/** The range and node control of every dashboard (RangeControl.tsx), loaded lazily. */
export function RangeControl(props: ComponentProps<typeof Control>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={96} sx={{ mb: 3 }} />}>
      <Control {...props} />
    </Suspense>
  );
}
