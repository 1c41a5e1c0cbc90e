/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/affiliate/activate/{token}` (issue 16): the invited affiliate's greeting, the program's terms
 * (share, flat amount per team and what qualifies it, window, minimum payout, due days, the full
 * text in a scrollable region), and the activation form (island). An expired link (410) or a used
 * or replaced one (404) says so and asks for a new invitation.
 */
import { PASSWORD_MIN } from '@fc/contracts/family-rules';
import { formatMoney } from '@fc/contracts/money';
import { ActivateForm, type ActivateStrings } from '../../islands/ActivateForm';
import type { FailureStrings } from '../../islands/family/http';
import { Island } from '../../lib/island';
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';
import { common } from '../family/strings';

/** The contract's AffiliateActivation (packages/contracts/src/affiliates.ts), as the page reads it. */
export interface ActivationData {
  firstName: string;
  lastName: string;
  email: string;
  existingAccount: boolean;
  offer: {
    offerId: number;
    program: {
      name: string;
      description: string | null;
      giftShareBps: number;
      teamFlatCents: number;
      teamQualifyCents: number;
      windowDays: number;
      minPayoutCents: number;
      dueDays: number;
      termsVersion: number;
      terms: string;
    };
  } | null;
}

export type ActivateState =
  | { kind: 'ok'; token: string; data: ActivationData }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'throttled' };

/** The activation call's error codes, in the page language (their English is the server's own sentence). */
const ACTIVATE_CODES = [
  'AFFILIATE_INVITATION_NOT_FOUND',
  'AFFILIATE_INVITATION_EXPIRED',
  'AFFILIATE_ACTIVATION_THROTTLED',
  'AFFILIATE_ACTIVATION_PASSWORD',
  'AFFILIATE_ACCOUNT_TAKEN',
  'AFFILIATE_TERMS_CHANGED',
];

function failureStrings(lang: Language): FailureStrings {
  const t = tFor(lang);
  const base = common(lang).failure;
  const codes = { ...base.codes };
  for (const code of ACTIVATE_CODES) codes[code] = t(`site.activate.codes.${code}`);
  return { ...base, codes };
}

const percent = (bps: number, lang: Language) =>
  new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', { maximumFractionDigits: 2 }).format(bps / 100);

function Terms({ lang, program }: { lang: Language; program: NonNullable<ActivationData['offer']>['program'] }) {
  const t = tFor(lang);
  const money = (cents: number) => formatMoney(cents, lang);
  const flat =
    program.teamQualifyCents > 0
      ? t('site.activate.teamFlatQualify', {
          amount: money(program.teamFlatCents),
          qualify: money(program.teamQualifyCents),
        })
      : t('site.activate.teamFlatAtApproval', { amount: money(program.teamFlatCents) });
  return (
    <section class="activate-terms" aria-labelledby="activate-terms">
      <h2 id="activate-terms">{t('site.activate.program', { name: program.name })}</h2>
      {program.description && <p>{program.description}</p>}
      <dl data-testid="activate-figures">
        <dt>{t('site.activate.giftShare')}</dt>
        <dd>{`${percent(program.giftShareBps, lang)} %`}</dd>
        <dt>{t('site.activate.teamFlat')}</dt>
        <dd>{flat}</dd>
        <dt>{t('site.activate.window')}</dt>
        <dd>{t('site.activate.windowDays', { count: program.windowDays })}</dd>
        <dt>{t('site.activate.minPayout')}</dt>
        <dd>{money(program.minPayoutCents)}</dd>
        <dt>{t('site.activate.dueDays')}</dt>
        <dd>{t('site.activate.dueDaysValue', { count: program.dueDays })}</dd>
      </dl>
      <h3 id="activate-full-terms">{t('site.activate.fullTerms')}</h3>
      {/* Focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <section
        class="terms-text"
        aria-labelledby="activate-full-terms"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard.
        tabIndex={0}
        data-testid="activate-terms-text"
      >
        {program.terms}
      </section>
    </section>
  );
}

export function ActivatePage({ lang, state }: { lang: Language; state: ActivateState }) {
  const t = tFor(lang);
  if (state.kind !== 'ok') {
    const key = state.kind;
    return (
      <article class="prose" data-testid={`activate-${key}`}>
        <h1>{t(`site.activate.${key}Title`)}</h1>
        <p>{t(`site.activate.${key}Text`)}</p>
        <p>
          <a class="button primary" href="/login">
            {t('site.activate.login')}
          </a>
        </p>
      </article>
    );
  }
  const d = state.data;
  const program = d.offer?.program ?? null;
  const existing = d.existingAccount;
  const strings: ActivateStrings = {
    password: t(existing ? 'site.activate.currentPassword' : 'site.activate.newPassword'),
    passwordHelp: existing
      ? t('site.activate.currentPasswordHelp', { email: d.email })
      : t('site.activate.newPasswordHelp', { min: PASSWORD_MIN }),
    passwordTooShort: t('site.activate.passwordTooShort', { min: PASSWORD_MIN }),
    required: common(lang).failure.required,
    accept: t('site.activate.accept'),
    acceptRequired: t('site.activate.acceptRequired'),
    submit: t('site.activate.submit'),
    submitting: t('site.activate.submitting'),
  };
  return (
    <article class="activate-page" data-testid="activate-page">
      <h1>{t('site.activate.greeting', { firstName: d.firstName })}</h1>
      <p>{t('site.activate.intro', { email: d.email })}</p>
      {program ? <Terms lang={lang} program={program} /> : <p>{t('site.activate.noProgram')}</p>}
      <Island
        name="activate"
        component={ActivateForm}
        props={{
          token: state.token,
          existingAccount: existing,
          termsVersion: program?.termsVersion ?? null,
          passwordMin: PASSWORD_MIN,
          strings,
          failure: failureStrings(lang),
        }}
      />
      <p>
        <a href={withLang('/', lang)}>{t('site.home')}</a>
      </p>
    </article>
  );
}
