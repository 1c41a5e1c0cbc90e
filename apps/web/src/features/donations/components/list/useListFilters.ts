import { DONATION_KINDS, DONATION_STATUSES, type DonationStatus, PAYMENT_METHODS } from '@fc/contracts';
import { useAddressParams } from '../../../../lib/useAddressParams';
import type { DonationFilters } from '../../api/keys';

/** The filters as they stand in the address (so a link, a reload or "back" keeps them). */
export interface ListFilterValues {
  q: string;
  status: DonationStatus | '';
  method: (typeof PAYMENT_METHODS)[number] | '';
  kind: (typeof DONATION_KINDS)[number] | '';
  campaign: number | null;
  /** A node (from the payouts panel's link) and its name for the chip. */
  org: number | null;
  orgName: string;
  from: string;
  to: string;
}

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const isoDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
const oneOf = <T extends string | number>(list: readonly T[], v: string | null, parse: (s: string) => T) => {
  if (v === null || v === '') return '' as const;
  const x = parse(v);
  return list.includes(x) ? x : ('' as const);
};

/** Filter values read from and written to `?q=&status=&method=&kind=&campaign=&org=&from=&to=`. */
export function useListFilters() {
  const [params, updateParams] = useAddressParams();
  const values: ListFilterValues = {
    q: params.get('q') ?? '',
    status: oneOf(DONATION_STATUSES, params.get('status'), (s) => Number(s) as DonationStatus),
    method: oneOf(PAYMENT_METHODS, params.get('method'), (s) => s as (typeof PAYMENT_METHODS)[number]),
    kind: oneOf(DONATION_KINDS, params.get('kind'), (s) => s as (typeof DONATION_KINDS)[number]),
    campaign: positiveInt(params.get('campaign')),
    org: positiveInt(params.get('org')),
    orgName: params.get('orgName') ?? '',
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
  };
  const set = (changes: Partial<Record<keyof ListFilterValues, string | number | null>>) => {
    updateParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
    });
  };
  return { values, set };
}

/** The API's filters for these values (`q` is the debounced search text). */
export function apiFilters(v: ListFilterValues, q: string): DonationFilters {
  return {
    search: q || undefined,
    status: v.status === '' ? undefined : v.status,
    method: v.method || undefined,
    kind: v.kind || undefined,
    campaignId: v.campaign ?? undefined,
    organizationId: v.org ?? undefined,
    from: v.from || undefined,
    to: v.to || undefined,
  };
}
