import type { LeaderboardEntry } from '@fc/contracts';
import { Avatar, Box, Link, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount, formatPercent, formatUsd, percentOfGoal } from '../../format';

/** Players with what each raised, linking to their pages; `ranked` numbers them. */
export function PlayerList({
  entries,
  ranked,
  testId,
}: {
  entries: LeaderboardEntry[];
  ranked: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const Tag = ranked ? 'ol' : 'ul';
  return (
    <List component={Tag} dense disablePadding data-testid={testId} sx={{ listStyle: 'none' }}>
      {entries.map((e, i) => (
        <ListItem key={e.slug} disableGutters divider={i < entries.length - 1} data-testid="player-entry">
          {ranked ? (
            <Typography
              component="span"
              aria-hidden
              sx={{ width: 28, flexShrink: 0, fontWeight: 700, color: 'text.secondary' }}
            >
              {i + 1}
            </Typography>
          ) : null}
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar src={e.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
              {e.name.charAt(0)}
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={
              <Link component={RouterLink} to={`/fundraisers/${e.slug}`} underline="hover" sx={{ fontWeight: 600 }}>
                {e.name}
              </Link>
            }
            secondary={
              e.goalCents > 0
                ? t('public.leaderboard.towardGoal', {
                    pct: formatPercent(percentOfGoal(e.raisedCents, e.goalCents), lng),
                    goal: formatUsd(e.goalCents, lng),
                  })
                : null
            }
          />
          <Box sx={{ textAlign: 'right', flexShrink: 0, pl: 1 }}>
            <Typography component="p" sx={{ fontWeight: 700 }}>
              {formatUsd(e.raisedCents, lng)}
            </Typography>
            <Typography component="p" variant="caption" color="text.secondary">
              {t('public.progress.donors', { count: e.donors, formatted: formatCount(e.donors) })}
            </Typography>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
