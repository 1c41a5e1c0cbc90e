import { REGISTRATION_FILTERS, type RegistrationFilter } from '@fc/contracts';
import { useAddressParams } from '../../../../lib/useAddressParams';

export interface RegistrationFilterValues {
  status: RegistrationFilter;
  q: string;
}

const isFilter = (v: string | null): v is RegistrationFilter =>
  v !== null && (REGISTRATION_FILTERS as readonly string[]).includes(v);

/** The status and search as they stand in the address (`?status=&q=`): a link, a reload or "back" keeps them. */
export function useRegistrationFilters() {
  const [params, updateParams] = useAddressParams();
  const raw = params.get('status');
  const values: RegistrationFilterValues = { status: isFilter(raw) ? raw : 'all', q: params.get('q') ?? '' };
  const set = (changes: Partial<RegistrationFilterValues>) => {
    updateParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === '' || (key === 'status' && value === 'all')) next.delete(key);
        else next.set(key, value);
      }
    });
  };
  return { values, set };
}
