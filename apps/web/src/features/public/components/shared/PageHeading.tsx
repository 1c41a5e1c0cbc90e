import { Avatar, Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The page's picture, title (the page's only h1) and a line of context under it. */
export function PageHeading({
  imageUrl,
  fallback,
  title,
  children,
  round = false,
}: {
  imageUrl: string | null;
  fallback: string;
  title: string;
  children?: ReactNode;
  round?: boolean;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <Avatar
        src={imageUrl ?? undefined}
        alt=""
        variant={round ? 'circular' : 'rounded'}
        sx={{ width: { xs: 56, sm: 80 }, height: { xs: 56, sm: 80 }, fontSize: 32, bgcolor: 'primary.main' }}
      >
        {fallback.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
          data-testid="page-title"
        >
          {title}
        </Typography>
        {children}
      </Box>
    </Stack>
  );
}
