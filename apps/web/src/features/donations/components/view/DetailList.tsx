import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A description list of label/value rows (label above the value on phones). */
export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid={testId}>
      {children}
    </Box>
  );
}

export function DetailRow({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  /** A total: bold, with a rule above it. */
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 40%) 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 1.25 } : {}),
      }}
    >
      <Typography
        component="dt"
        color="text.secondary"
        sx={strong ? { fontWeight: 600, color: 'text.primary' } : undefined}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, wordBreak: 'break-word', fontWeight: strong ? 700 : undefined }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}
