import { Box, type SxProps, type Theme } from '@mui/material';

/** BAND's green. */
export const BAND_GREEN = '#1DB954';

/**
 * The BAND mark drawn inline (a green rounded square with a white lower-case "b"): decorative,
 * so the control it sits in carries the accessible name ("Post to BAND").
 */
export function BandLogo({ size = 24, sx }: { size?: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden
      focusable="false"
      sx={{ display: 'block', flexShrink: 0, ...sx }}
    >
      <rect width="24" height="24" rx="6" fill={BAND_GREEN} />
      <path
        fill="#fff"
        d="M7.5 4.5h2.6v5.1a4.7 4.7 0 0 1 2.9-1c2.9 0 5.1 2.4 5.1 5.5s-2.2 5.4-5.1 5.4a4.6 4.6 0 0 1-3.1-1.1v.9H7.5zm5.1 6.5c-1.4 0-2.5 1.2-2.5 3s1.1 2.9 2.5 2.9 2.6-1.2 2.6-2.9-1.1-3-2.6-3z"
      />
    </Box>
  );
}
