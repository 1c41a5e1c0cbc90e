import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { BandPostButtonProps, BandTabProps } from '../../features/band/components/parts';
import { loadPart } from '../../lib/i18n';

/**
 * The BAND feature's tab and logo button, loaded (code and strings) only where they show
 * (decision 015: app/ composes features; the console shell stays small).
 */
const load = () => Promise.all([import('../../features/band/components/parts'), loadPart('band')]).then(([m]) => m);
const Tab = lazy(async () => ({ default: (await load()).BandTab }));
const Button = lazy(async () => ({ default: (await load()).BandPostButton }));

export function BandTabPart(props: BandTabProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} data-testid="band-loading" />}>
      <Tab {...props} />
    </Suspense>
  );
}

/** Nothing while it loads: the button shows only once the API says the caller manages the team. */
export function BandButtonPart(props: BandPostButtonProps) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
