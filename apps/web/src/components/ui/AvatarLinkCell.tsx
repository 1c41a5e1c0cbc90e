import { Avatar, Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface AvatarLinkCellProps {
  /** The picture (none: `letter`). */
  src: string | null;
  letter: string;
  text: string;
  to: string;
  testId: string;
  /** Rounded squares for logos; round for people. */
  rounded?: boolean;
  /** The grid's row also opens on click: the link alone handles its own. */
  stopRowClick?: boolean;
}

/** A grid's first cell: a small picture and the row's name as a link to its page, cut with an ellipsis. */
export function AvatarLinkCell({
  src,
  letter,
  text,
  to,
  testId,
  rounded = false,
  stopRowClick = false,
}: AvatarLinkCellProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
      <Avatar variant={rounded ? 'rounded' : 'circular'} src={src ?? undefined} alt="" sx={{ width: 30, height: 30 }}>
        {letter}
      </Avatar>
      <Link
        component={RouterLink}
        to={to}
        onClick={stopRowClick ? (e) => e.stopPropagation() : undefined}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
        data-testid={testId}
      >
        {text}
      </Link>
    </Box>
  );
}
