import { moneyLanguage } from '@fc/contracts';
import { InputAdornment } from '@mui/material';
import i18n from '../../lib/i18n';

/**
 * The currency beside an amount field, where the interface language writes it (decision 013):
 * "$" before the number in English, "US$" after it in Spanish. For a TextField's `slotProps.input`.
 */
export function moneyAdornment(language: string = i18n.language) {
  return moneyLanguage(language) === 'es'
    ? { endAdornment: <InputAdornment position="end">US$</InputAdornment> }
    : { startAdornment: <InputAdornment position="start">$</InputAdornment> };
}
