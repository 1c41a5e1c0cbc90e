import type { LeaderboardEntry } from '@fc/contracts';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../../components/ui/SearchField';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { usePlayerSearch } from '../../api/search-players';
import { PlayerList } from './PlayerList';

/**
 * The campaign's top players and a search over every player who may be listed (the server
 * leaves out minors whose parents did not allow it, and matches only the names it shows).
 */
export function Leaderboard({ slug, entries }: { slug: string; entries: LeaderboardEntry[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = usePlayerSearch(slug, q);
  const searching = q.length > 0;
  const results = searching ? (search.data?.data ?? []) : entries;
  return (
    <Card component="section" aria-labelledby="leaderboard-title">
      <CardContent>
        <Typography id="leaderboard-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('public.leaderboard.title')}
        </Typography>
        <SearchField
          value={text}
          onChange={(e) => setText(e.target.value)}
          label={t('public.leaderboard.search')}
          size="small"
          fullWidth
          testId="player-search"
          sx={{ mb: 1 }}
        />
        <Box aria-live="polite" sx={{ minHeight: 24 }}>
          {searching && search.isFetching ? (
            <CircularProgress size={20} aria-label={t('common.loading')} />
          ) : searching ? (
            <Typography variant="body2" color="text.secondary" data-testid="player-search-count">
              {t('public.leaderboard.found', { count: results.length })}
            </Typography>
          ) : null}
        </Box>
        {results.length > 0 ? (
          <PlayerList entries={results} ranked={!searching} testId={searching ? 'search-results' : 'leaderboard'} />
        ) : !searching ? (
          <Typography color="text.secondary" data-testid="leaderboard-empty">
            {t('public.leaderboard.empty')}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('public.leaderboard.privacy')}
        </Typography>
      </CardContent>
    </Card>
  );
}
