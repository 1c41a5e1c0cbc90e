import type { CampaignFundraiser } from '@fc/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useCampaignPlayers } from '../../api/get-campaign-players';

interface PlayerPickerProps {
  campaignId: number;
  value: CampaignFundraiser | null;
  onChange: (player: CampaignFundraiser | null) => void;
  testId: string;
}

const nameOf = (p: CampaignFundraiser) => `${p.firstName} ${p.lastName}`;

/** A player on the campaign (GET /campaign/{id}/fundraisers, searched by the server). Optional. */
export function PlayerPicker({ campaignId, value, onChange, testId }: PlayerPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const players = useCampaignPlayers(campaignId, q);
  const options = players.data?.data ?? [];
  return (
    <Autocomplete<CampaignFundraiser>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        setSearch(reason === 'input' ? v : '');
      }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={nameOf}
      getOptionKey={(p) => p.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={players.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={q ? t('donations.dataEntry.noPlayerMatch') : t('donations.dataEntry.noPlayers')}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <span>
            {nameOf(p)}
            {p.divisionName ? (
              <>
                <br />
                <small>{p.divisionName}</small>
              </>
            ) : null}
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('donations.dataEntry.player')}
          error={players.isError}
          helperText={
            players.isError ? errorMessage(players.error, t('errors.generic')) : t('donations.dataEntry.playerHelp')
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
