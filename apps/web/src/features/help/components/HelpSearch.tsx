import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  FormControl,
  FormHelperText,
  InputAdornment,
  InputLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  OutlinedInput,
  Paper,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/States';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useHelpSearch } from '../api/help';

const DEBOUNCE_MS = 250;

/**
 * The help centre's search box: results as you type (debounced), typo-tolerant on the server.
 * Keyboard: ↓ from the box moves into the results, ↑/↓ move between them, Esc returns to the box.
 */
export function HelpSearch() {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const query = useDebouncedValue(value, DEBOUNCE_MS);
  const active = query.trim().length >= 2;
  const search = useHelpSearch(query);
  const results = active ? (search.data?.data.results ?? []) : [];
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const links = () => [...(listRef.current?.querySelectorAll<HTMLElement>('a') ?? [])];
  const onInputKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && results.length > 0) {
      e.preventDefault();
      links()[0]?.focus();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = at + (e.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === 'Escape') inputRef.current?.focus();
  };

  let status = '';
  if (active && search.isFetching && !search.data) status = t('help.search.searching');
  else if (active && search.data)
    status = results.length
      ? t('help.search.results', { count: results.length })
      : t('help.search.none', { query: query.trim() });

  return (
    <Box component="search" sx={{ mb: 4 }}>
      <FormControl fullWidth variant="outlined">
        <InputLabel htmlFor={id}>{t('help.search.label')}</InputLabel>
        <OutlinedInput
          id={id}
          inputRef={inputRef}
          type="search"
          label={t('help.search.label')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onInputKey}
          autoComplete="off"
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          }
          inputProps={{ 'data-testid': 'help-search', 'aria-describedby': `${id}-hint ${id}-status` }}
        />
        <FormHelperText id={`${id}-hint`}>{t('help.search.hint')}</FormHelperText>
      </FormControl>
      <Typography id={`${id}-status`} role="status" aria-live="polite" color="text.secondary" sx={{ mt: 1 }}>
        {status}
      </Typography>
      {active && search.isError ? <ErrorState error={search.error} onRetry={() => search.refetch()} /> : null}
      {results.length > 0 ? (
        <Paper variant="outlined" sx={{ mt: 1 }}>
          <List ref={listRef} aria-label={t('help.search.listLabel')} onKeyDown={onListKey} data-testid="help-results">
            {results.map((r) => (
              <ListItem key={r.id} disablePadding>
                <ListItemButton component={RouterLink} to={`/help/university/${r.id}`}>
                  <ListItemText
                    primary={r.title}
                    secondary={`${r.moduleTitle} · ${r.snippet}`}
                    slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
