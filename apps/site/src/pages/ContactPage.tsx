/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Contact-Us (issue 14): the page's title and introduction, and the form as an island, rendered
 * whole on the server (labels, fields, the hidden spam trap, the button) and hydrated by the
 * `contact` entry. The island gets only its own strings, resolved here in the page language.
 */
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_MESSAGES, type ContactProblem } from '@fc/contracts/contact-rules';
import { ContactForm, type ContactFormStrings, type ContactProblemTexts } from '../islands/ContactForm';
import { Island } from '../lib/island';
import { type Language, tFor } from '../lib/strings';

const MAX = {
  name: CONTACT_LIMITS.nameMax,
  email: CONTACT_LIMITS.emailMax,
  organization: CONTACT_LIMITS.organizationMax,
  message: CONTACT_LIMITS.messageMax,
} as const;

const cache = new Map<Language, ContactFormStrings>();

/** The form island's strings in one language (made once per language). */
export function contactFormStrings(lang: Language): ContactFormStrings {
  const cached = cache.get(lang);
  if (cached) return cached;
  const t = tFor(lang);
  const f = (key: string) => t(`site.contact.form.${key}`);
  const problems = {} as ContactProblemTexts;
  for (const field of CONTACT_FIELDS) {
    problems[field] = {};
    for (const p of Object.keys(CONTACT_MESSAGES[field]) as ContactProblem[])
      problems[field][p] = t(`site.contact.problems.${field}.${p}`, {
        min: CONTACT_LIMITS.messageMin,
        max: MAX[field],
      });
  }
  const strings: ContactFormStrings = {
    name: f('name'),
    email: f('email'),
    organization: f('organization'),
    message: f('message'),
    // Left with its {{count}} and {{max}}: the island fills them as the message is typed.
    messageCount: f('messageCount'),
    trap: f('trap'),
    send: f('send'),
    sending: f('sending'),
    fixErrors: f('fixErrors'),
    failed: f('failed'),
    throttled: f('throttled'),
    invalid: f('invalid'),
    successTitle: f('successTitle'),
    successBody: f('successBody'),
    sendAnother: f('sendAnother'),
    problems,
  };
  cache.set(lang, strings);
  return strings;
}

export function ContactPage({ lang }: { lang: Language }) {
  const t = tFor(lang);
  return (
    <section class="contact">
      <h1>{t('site.contact.form.title')}</h1>
      <p class="lead">{t('site.contact.form.intro')}</p>
      <Island name="contact" component={ContactForm} props={{ lang, strings: contactFormStrings(lang) }} />
    </section>
  );
}
