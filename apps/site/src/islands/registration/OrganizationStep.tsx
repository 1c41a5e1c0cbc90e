/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Step 2: an organization or league already on the product, found by name or web address
 * (`GET /onboarding/registration/organizations?q=`, asked once typing pauses), or a new one
 * described: type, name, web address checked live, city and state.
 */
import type { OrganizationDraft } from '@fc/contracts/registration-checks';
import { NEW_ORGANIZATION_TYPES, US_STATES } from '@fc/contracts/registration-rules';
import { useEffect, useState } from 'preact/hooks';
import type { T } from '../../lib/t';
import { Field } from '../family/Field';
import { AddressField, type AddressState, DEBOUNCE_MS } from './AddressField';
import { type FoundOrganization, findOrganizations } from './api';
import { choiceOptions } from './choices';
import { answerBinder, type Errors } from './forms';

export const SEARCH_MIN = 2;

export function OrganizationStep({
  t,
  value,
  errors,
  onChange,
  onAddress,
  token,
  base,
  chosenName,
  onPick,
}: {
  t: T;
  value: OrganizationDraft;
  errors: Errors;
  onChange: (d: OrganizationDraft) => void;
  onAddress: (s: AddressState) => void;
  token: string | null;
  base: string;
  /** The chosen organization's name when the draft already holds one (a resumed draft). */
  chosenName: string | null;
  onPick: (id: number, name: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<FoundOrganization[] | null>(null);
  const [searching, setSearching] = useState(false);
  const { set, bind } = answerBinder(value, errors, onChange);

  useEffect(() => {
    const q = query.trim();
    if (q.length < SEARCH_MIN) {
      setFound(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    let live = true;
    const timer = setTimeout(async () => {
      const list = await findOrganizations(q, token);
      if (!live) return;
      setFound(list ?? []);
      setSearching(false);
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, token]);

  const mode = (m: OrganizationDraft['mode'], label: string) => (
    <label class="choice">
      <input
        type="radio"
        name="mode"
        value={m}
        checked={value.mode === m}
        onChange={() => onChange({ ...value, mode: m })}
        data-testid={`reg-org-mode-${m}`}
      />
      {label}
    </label>
  );
  const chosen = chosenName;
  return (
    <>
      <fieldset class="form-section">
        <legend>{t('organization.mode')}</legend>
        {mode('existing', t('organization.existing'))}
        {mode('new', t('organization.new'))}
      </fieldset>
      {value.mode === 'existing' ? (
        <div class="stack">
          <div class="field">
            <label for="reg-org-search">{t('organization.search')}</label>
            <input
              id="reg-org-search"
              type="search"
              value={query}
              autoComplete="off"
              aria-describedby="reg-org-search-hint"
              onInput={(e) => setQuery(e.currentTarget.value)}
              data-testid="reg-org-search"
            />
            <p class="field-hint" id="reg-org-search-hint" role="status">
              {searching
                ? t('organization.searching')
                : found && !found.length
                  ? t('organization.noResults')
                  : t('organization.searchHint')}
            </p>
          </div>
          {found?.length ? (
            <fieldset class="form-section org-results" data-testid="reg-org-results">
              <legend>{t('organization.results')}</legend>
              {found.map((o) => (
                <label class="choice" key={o.id}>
                  <input
                    type="radio"
                    name="organizationId"
                    value={String(o.id)}
                    checked={value.organizationId === String(o.id)}
                    onChange={() => {
                      onPick(o.id, o.name);
                      onChange({ ...value, organizationId: String(o.id) });
                    }}
                  />
                  <span class="org-result">
                    <strong>{o.name}</strong>
                    <span class="muted">
                      {[t(`organization.types.${o.type}`), [o.city, o.region].filter(Boolean).join(', '), `/${o.slug}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {errors.organizationId ? (
            <p class="field-error" role="alert" data-testid="reg-org-choose-error">
              {errors.organizationId}
            </p>
          ) : chosen && value.organizationId ? (
            <p data-testid="reg-org-chosen">{t('organization.chosen', { name: chosen })}</p>
          ) : null}
        </div>
      ) : (
        <div class="stack">
          <Field
            id="reg-org-type"
            {...bind('type')}
            label={t('organization.type')}
            required
            options={choiceOptions(t('organization.chooseType'), NEW_ORGANIZATION_TYPES, (k) =>
              t(`organization.types.${k}`),
            )}
          />
          <Field
            id="reg-org-name"
            {...bind('name')}
            label={t('organization.name')}
            autoComplete="organization"
            required
          />
          <AddressField
            id="reg-org-slug"
            label={t('organization.slug')}
            value={value.slug}
            error={errors.slug}
            onValue={set('slug')}
            onState={onAddress}
            token={token}
            base={base}
            t={t}
          />
          <div class="field-pair">
            <Field
              id="reg-org-city"
              {...bind('city')}
              label={t('organization.city')}
              autoComplete="address-level2"
              required
            />
            <Field
              id="reg-org-state"
              {...bind('state')}
              label={t('organization.state')}
              required
              options={choiceOptions(t('organization.chooseState'), US_STATES)}
            />
          </div>
        </div>
      )}
    </>
  );
}
