/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The fields of the saved steps (2 to 5) inside the wizard's form: the organization, the team,
 * the contacts, the fundraising. The web address fields report their live check to `address`.
 */
import type { T } from '../../lib/t';
import type { AddressState } from './AddressField';
import type { Draft } from './api';
import { ContactsStep, FundraisingStep, TeamStep } from './DetailSteps';
import type { Errors, Forms } from './forms';
import { OrganizationStep } from './OrganizationStep';
import type { SavedStep } from './steps';

export function SavedStepFields({
  t,
  lang,
  step,
  forms,
  errors,
  set,
  address,
  token,
  base,
  draft,
  organizationName,
  onPick,
}: {
  t: T;
  lang: 'en' | 'es';
  step: SavedStep;
  forms: Forms;
  errors: Errors;
  set: <K extends keyof Forms>(key: K) => (value: Forms[K]) => void;
  address: { organization: AddressState; team: AddressState };
  token: string | null;
  base: string;
  draft: Draft | null;
  organizationName: string | null;
  onPick: (id: number, name: string) => void;
}) {
  if (step === 2)
    return (
      <OrganizationStep
        t={t}
        value={forms.organization}
        errors={errors}
        onChange={set('organization')}
        onAddress={(s) => {
          address.organization = s;
        }}
        token={token}
        base={base}
        chosenName={organizationName}
        onPick={onPick}
      />
    );
  if (step === 3)
    return (
      <TeamStep
        t={t}
        value={forms.team}
        errors={errors}
        onChange={set('team')}
        onAddress={(s) => {
          address.team = s;
        }}
        token={token}
        base={base}
        knownSlug={draft?.existingTeam ? (draft.answers.team?.slug ?? null) : null}
      />
    );
  if (step === 4) return <ContactsStep t={t} value={forms.contacts} errors={errors} onChange={set('contacts')} />;
  return <FundraisingStep t={t} lang={lang} value={forms.fundraising} errors={errors} onChange={set('fundraising')} />;
}
