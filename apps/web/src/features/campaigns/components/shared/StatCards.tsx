import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Stat {
  id: string;
  label: string;
  value: ReactNode;
  /** A line under the value (e.g. "of $5,000 goal"). */
  hint?: ReactNode;
}

/** A row of figure cards that wraps on small screens. */
export function StatCards({ stats, label, testId }: { stats: Stat[]; label: string; testId: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}
      data-testid={testId}
    >
      {stats.map((s) => (
        <Card key={s.id}>
          <CardContent>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`stat-${s.id}`}>
              {s.value}
            </Typography>
            <Typography color="text.secondary">{s.label}</Typography>
            {s.hint ? (
              <Box sx={{ mt: 1 }}>
                {typeof s.hint === 'string' ? (
                  <Typography variant="body2" color="text.secondary">
                    {s.hint}
                  </Typography>
                ) : (
                  s.hint
                )}
              </Box>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
