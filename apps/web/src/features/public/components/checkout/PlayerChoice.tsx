import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A signed-in family paying a fee picks which of its players the fee is for. */
export function PlayerChoice({
  players,
  value,
  onChange,
  error,
}: {
  players: { slug: string; name: string }[];
  value: string;
  onChange: (slug: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend" id="donate-player-label">
        {t('public.checkout.forPlayer')}
      </FormLabel>
      <RadioGroup
        aria-labelledby="donate-player-label"
        aria-describedby={error ? 'donate-player-helper' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {players.map((p, i) => (
          <FormControlLabel
            key={p.slug}
            value={p.slug}
            label={p.name}
            control={
              <Radio
                slotProps={{
                  input: {
                    'data-testid': `donate-player-${p.slug}`,
                    id: i === 0 ? 'donate-player' : undefined,
                  } as object,
                }}
              />
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText id="donate-player-helper">{error}</FormHelperText> : null}
    </FormControl>
  );
}
