/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * A web address (organization or team), checked while it is typed: a well-formed one is asked of
 * `GET /onboarding/registration/check-address` once typing pauses, and the answer said in a live
 * line under the field (free, taken, reserved). The step reads the last answer before saving.
 */
import { isSlug, normalizeSlug } from '@fc/contracts/registration-checks';
import { useEffect, useState } from 'preact/hooks';
import type { T } from '../../lib/t';
import { Field } from '../family/Field';
import { type AddressReason, checkAddress } from './api';

export type AddressState = 'idle' | 'checking' | 'available' | AddressReason;
export const DEBOUNCE_MS = 300;

export function AddressField({
  id,
  label,
  value,
  error,
  onValue,
  onState,
  token,
  base,
  skip,
  t,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onValue: (v: string) => void;
  onState: (s: AddressState) => void;
  token: string | null;
  /** The site's address, for the hint (`https://…/riverside-rockets`). */
  base: string;
  /** The address the draft already holds for an existing team: not checked again. */
  skip?: boolean;
  t: T;
}) {
  const [state, setState] = useState<AddressState>('idle');
  const report = (s: AddressState) => {
    setState(s);
    onState(s);
  };
  useEffect(() => {
    const slug = normalizeSlug(value);
    if (skip || !isSlug(slug)) return report('idle');
    report('checking');
    let live = true;
    const timer = setTimeout(async () => {
      const r = await checkAddress(slug, token);
      if (live) report(r ? (r.available ? 'available' : (r.reason ?? 'taken')) : 'idle');
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value, skip]);
  const refused = state === 'taken' || state === 'reserved' || state === 'invalid';
  const slug = normalizeSlug(value) || '…';
  return (
    <div class="address-field">
      <Field
        id={id}
        name="slug"
        label={label}
        value={value}
        error={error ?? (refused ? t(`address.${state}`) : undefined)}
        hint={t('organization.slugHint', { base, slug })}
        onValue={(v) => onValue(v.toLowerCase())}
        autoComplete="off"
        required
      />
      <p class="field-hint address-status" role="status" data-testid={`${id}-status`}>
        {state === 'checking' ? t('address.checking') : state === 'available' ? t('address.available') : ''}
      </p>
    </div>
  );
}
