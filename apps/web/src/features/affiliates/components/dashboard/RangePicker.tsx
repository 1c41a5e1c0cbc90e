import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/DateField';
import { daysBack, isIsoDate, PRESETS, presetOf } from './range';

/** 7, 30 or 90 days, or two dates of one's own. */
export function RangePicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const preset = presetOf(from, to);
  const [custom, setCustom] = useState(preset === null);
  const value = custom ? 'custom' : String(preset);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        aria-label={t('affiliates.dash.range')}
        onChange={(_e, v: string | null) => {
          if (!v) return;
          if (v === 'custom') return setCustom(true);
          setCustom(false);
          onChange(daysBack(Number(v)));
        }}
        // Unselected buttons in the body text colour: MUI's lighter grey is below AA contrast.
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      >
        {PRESETS.map((n) => (
          <ToggleButton key={n} value={String(n)} data-testid={`range-${n}`}>
            {t('affiliates.dash.lastDays', { count: n })}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" data-testid="range-custom">
          {t('affiliates.dash.custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      {custom ? (
        <Stack direction="row" spacing={2}>
          <DateField
            label={t('affiliates.conv.from')}
            value={from}
            max={to}
            onChange={(v) => isIsoDate(v) && onChange({ from: v, to })}
            size="small"
            testId="range-from"
          />
          <DateField
            label={t('affiliates.conv.to')}
            value={to}
            min={from}
            onChange={(v) => isIsoDate(v) && onChange({ from, to: v })}
            size="small"
            testId="range-to"
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
