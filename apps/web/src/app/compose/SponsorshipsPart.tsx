import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { SponsorshipsTabProps } from '../../features/sponsorships/components/SponsorshipsTab';
import { loadPart } from '../../lib/i18n';

/**
 * The sponsorships feature's tab, loaded (code and strings) only when a node's or a campaign's
 * Sponsorships tab opens (decision 015: app/ composes features; the console shell stays small).
 */
const Tab = lazy(async () => {
  const [m] = await Promise.all([
    import('../../features/sponsorships/components/SponsorshipsTab'),
    loadPart('sponsorships'),
  ]);
  return { default: m.SponsorshipsTab };
});

export function SponsorshipsPart(props: SponsorshipsTabProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} data-testid="sponsorships-loading" />}>
      <Tab {...props} />
    </Suspense>
  );
}
