import {
  type OPPORTUNITY_STATUSES,
  type Opportunity,
  type OpportunityBody,
  type OpportunityUpdateBody,
  opportunityBodySchema,
  opportunityUpdateBodySchema,
  type SPONSOR_TIERS,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { amountError, amountInput, parseAmount } from '../../../lib/money';
import type { Owner } from '../api/keys';
import { checkBody, orNull } from './validate';

export interface OpportunityValues {
  name: string;
  slug: string;
  description: string;
  price: string;
  unlimited: boolean;
  quantity: string;
  benefits: { text: string }[];
  fairMarketValue: string;
  tier: (typeof SPONSOR_TIERS)[number];
  sortOrder: string;
  startsOn: string;
  endsOn: string;
  status: (typeof OPPORTUNITY_STATUSES)[number];
}

/** Body fields → the form fields that edit them (server and contract errors land on those). */
export const ALIASES: Record<string, string> = {
  priceCents: 'price',
  fairMarketValueCents: 'fairMarketValue',
};
export const FIELDS = [
  'name',
  'slug',
  'description',
  'price',
  'quantity',
  'benefits',
  'fairMarketValue',
  'tier',
  'sortOrder',
  'startsOn',
  'endsOn',
  'status',
];

export function defaults(o: Opportunity | null): OpportunityValues {
  return {
    name: o?.name ?? '',
    slug: o?.slug ?? '',
    description: o?.description ?? '',
    price: o ? amountInput(o.priceCents) : '',
    unlimited: o ? o.quantity === null : false,
    quantity: o?.quantity ? String(o.quantity) : '',
    benefits: (o?.benefits ?? []).map((text) => ({ text })),
    fairMarketValue: o ? amountInput(o.fairMarketValueCents) : '',
    tier: o?.tier ?? 'community',
    sortOrder: String(o?.sortOrder ?? 0),
    startsOn: o?.startsOn ?? '',
    endsOn: o?.endsOn ?? '',
    status: o?.status ?? 'draft',
  };
}

/** A blank amount is 0 (the fair-market value); the price must be typed. */
function cents(
  v: OpportunityValues,
  field: 'price' | 'fairMarketValue',
  setError: UseFormSetError<OpportunityValues>,
  t: TFunction,
) {
  if (field === 'fairMarketValue' && v[field].trim() === '') return 0;
  const r = parseAmount(v[field]);
  if (r.ok) return r.cents;
  setError(field, { type: 'client', message: amountError(t, r) ?? '' });
  return null;
}

/**
 * The form's values as the contract's body (dollars → cents, blank → null, benefits trimmed and
 * blank lines dropped), checked by the contract's schema; null (with the errors on the fields) when refused.
 */
export function toBody(
  v: OpportunityValues,
  owner: Owner | null,
  setError: UseFormSetError<OpportunityValues>,
  t: TFunction,
): OpportunityBody | OpportunityUpdateBody | null {
  const priceCents = cents(v, 'price', setError, t);
  const fairMarketValueCents = cents(v, 'fairMarketValue', setError, t);
  if (priceCents === null || fairMarketValueCents === null) return null;
  if (fairMarketValueCents > priceCents) {
    setError('fairMarketValue', { type: 'client', message: t('sponsorships.errors.fmvAbovePrice') });
    return null;
  }
  const quantity = v.unlimited ? null : Number(v.quantity.trim() === '' ? Number.NaN : v.quantity);
  if (quantity !== null && !Number.isInteger(quantity)) {
    setError('quantity', { type: 'client', message: t('sponsorships.errors.quantity') });
    return null;
  }
  const body = {
    ...(owner ?? {}),
    slug: v.slug.trim().toLowerCase(),
    name: v.name.trim(),
    description: orNull(v.description),
    priceCents,
    quantity,
    benefits: v.benefits.map((b) => b.text.trim()).filter(Boolean),
    fairMarketValueCents,
    tier: v.tier,
    sortOrder: Number(v.sortOrder || 0),
    startsOn: v.startsOn || null,
    endsOn: v.endsOn || null,
    status: v.status,
  };
  return owner
    ? checkBody(opportunityBodySchema, body, setError, t, ALIASES)
    : checkBody(opportunityUpdateBodySchema, body, setError, t, ALIASES);
}
