/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Step 6: every answer as saved, each step with an Edit link back to it, the terms accepted, and
 * the submission. A registrant whose e-mail is not confirmed yet is told so plainly.
 */
import { formatMoney } from '@fc/contracts/money';
import { CONTACT_ROLES } from '@fc/contracts/registration-checks';
import type { ComponentChildren } from 'preact';
import type { T } from '../../lib/t';
import type { Contact, Draft } from './api';

const STEP_OF = { organization: 2, team: 3, contacts: 4, fundraising: 5 } as const;

function Section({
  t,
  name,
  onEdit,
  children,
}: {
  t: T;
  name: keyof typeof STEP_OF;
  onEdit: (step: number) => void;
  children: ComponentChildren;
}) {
  const label = t(`steps.${name}`);
  return (
    <section class="review-section" data-testid={`reg-review-${name}`}>
      <div class="review-head">
        <h3>{label}</h3>
        <a
          href={`#step-${STEP_OF[name]}`}
          class="link-button"
          aria-label={t('review.editStep', { step: label })}
          onClick={(e) => {
            e.preventDefault();
            onEdit(STEP_OF[name]);
          }}
          data-testid={`reg-edit-${name}`}
        >
          {t('review.edit')}
        </a>
      </div>
      <dl class="review-list">{children}</dl>
    </section>
  );
}

const row = (label: string, value: string) => [
  <dt key={`${label}-t`}>{label}</dt>,
  <dd key={`${label}-d`}>{value}</dd>,
];
const person = (c: Contact | null, none: string) =>
  c ? [`${c.firstName} ${c.lastName}`, c.email, c.phone].filter(Boolean).join(' · ') : none;

export function ReviewAnswers({
  t,
  lang,
  draft,
  organizationName,
  onEdit,
}: {
  t: T;
  lang: string;
  draft: Draft;
  /** The name of a chosen existing organization, when the island knows it. */
  organizationName: string | null;
  onEdit: (step: number) => void;
}) {
  const a = draft.answers;
  const o = a.organization;
  const f = a.fundraising;
  const money = (cents: number) => formatMoney(cents, lang, { whole: true });
  return (
    <div class="stack">
      <Section t={t} name="organization" onEdit={onEdit}>
        {o?.mode === 'new'
          ? [
              ...row(t('organization.type'), t(`organization.types.${o.type}`)),
              ...row(t('organization.name'), o.name),
              ...row(t('organization.slug'), `/${o.slug}`),
              ...row(t('organization.city'), o.city),
              ...row(t('organization.state'), o.state),
            ]
          : row(
              t('organization.name'),
              o ? t('review.existingOrganization', { name: organizationName ?? `#${o.organizationId}` }) : '',
            )}
      </Section>
      <Section t={t} name="team" onEdit={onEdit}>
        {a.team
          ? [
              ...row(t('team.name'), a.team.name),
              ...row(t('team.sport'), t(`team.sports.${a.team.sport}`)),
              ...row(t('team.ageGroup'), a.team.ageGroup),
              ...row(t('team.season'), a.team.season),
              ...row(t('team.rosterSize'), String(a.team.rosterSize)),
              ...row(t('team.slug'), `/${a.team.slug}`),
            ]
          : null}
      </Section>
      <Section t={t} name="contacts" onEdit={onEdit}>
        {a.contacts
          ? CONTACT_ROLES.flatMap((r) => row(t(`contacts.${r}`), person(a.contacts![r], t('review.none'))))
          : null}
      </Section>
      <Section t={t} name="fundraising" onEdit={onEdit}>
        {f
          ? [
              ...row(t('fundraising.goal'), money(f.goalCents)),
              ...row(t('fundraising.playerGoal'), money(f.playerGoalCents)),
              ...row(t('fundraising.startDate'), f.startDate),
              ...row(t('fundraising.endDate'), f.endDate),
              ...row(t('fundraising.purpose'), f.purpose),
            ]
          : null}
      </Section>
    </div>
  );
}
