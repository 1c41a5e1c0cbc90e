import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A list of labelled facts (organization, campaign, player, receipt) in two columns. */
export function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}
