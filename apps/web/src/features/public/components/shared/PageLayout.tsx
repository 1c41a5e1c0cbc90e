import { Box, Stack } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Two columns from `md` (content | donate + share, the side sticky), one column on phones with
 * the Donate card first and sharing last.
 */
export function PageLayout({ main, donate, share }: { main: ReactNode; donate: ReactNode; share: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gridTemplateAreas: { xs: '"donate" "main" "share"', md: '"main donate" "main share"' },
        gridTemplateRows: { md: 'auto 1fr' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3} sx={{ gridArea: 'main' }}>
        {main}
      </Stack>
      <Box sx={{ gridArea: 'donate' }}>{donate}</Box>
      <Box sx={{ gridArea: 'share' }}>{share}</Box>
    </Box>
  );
}
