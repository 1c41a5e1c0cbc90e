/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The Contact-Us form (issue 14), rendered on the server and hydrated in place (decision 017).
 * It checks a message with the contract's own rules (no zod: `@fc/contracts/contact-rules`), posts
 * it to `POST /api/v1/public/contact`, puts each problem next to its field (the server's 400 too,
 * read back from the contract's English sentences), says the 429 in the page language and
 * confirms. The `website` field is the spam trap: hidden from people and screen readers, out of
 * the tab order; a filled one is sent and the server drops it.
 */
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactDraft,
  type ContactField,
  type ContactProblem,
  contactProblems,
} from '@fc/contracts/contact-rules';
import { useEffect, useRef, useState } from 'preact/hooks';

/** Each problem's sentence per field, resolved on the server in the page language. */
export type ContactProblemTexts = { [F in ContactField]: Partial<Record<ContactProblem, string>> };

export interface ContactFormStrings {
  name: string;
  email: string;
  organization: string;
  message: string;
  /** `{{count}} of {{max}} characters`. */
  messageCount: string;
  trap: string;
  send: string;
  sending: string;
  fixErrors: string;
  failed: string;
  throttled: string;
  invalid: string;
  successTitle: string;
  /** `We sent a confirmation to {{email}}…`. */
  successBody: string;
  sendAnother: string;
  problems: ContactProblemTexts;
}

export interface ContactFormProps {
  lang: 'en' | 'es';
  strings: ContactFormStrings;
}

export const CONTACT_ENDPOINT = '/api/v1/public/contact';
type Errors = Partial<Record<ContactField, string>>;
const EMPTY: ContactDraft = { name: '', email: '', organization: '', message: '' };
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

interface FieldError {
  path: string;
  message: string;
}

/** The server's field errors (a 400) in the page language: its sentences are the contract's. */
function serverErrors(body: unknown, s: ContactFormStrings): Errors {
  const out: Errors = {};
  const list = (body as { errors?: FieldError[] } | null)?.errors ?? [];
  for (const fe of list) {
    const field = (fe.path ?? '').replace(/^body\./, '').split('.')[0] as ContactField;
    if (!CONTACT_FIELDS.includes(field)) continue;
    const sentences = CONTACT_MESSAGES[field] as Partial<Record<ContactProblem, string>>;
    const problem = (Object.keys(sentences) as ContactProblem[]).find((p) => sentences[p] === fe.message);
    out[field] = (problem && s.problems[field][problem]) || s.invalid;
  }
  return out;
}

export function ContactForm({ lang, strings: s }: ContactFormProps) {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const again = useRef<HTMLButtonElement>(null);

  // Focus lands on "send another" after sending, so a keyboard user goes on from the confirmation.
  useEffect(() => {
    if (sentTo) again.current?.focus();
  }, [sentTo]);

  const check = (d: ContactDraft): Errors => {
    const out: Errors = {};
    for (const [f, p] of Object.entries(contactProblems(d)) as [ContactField, ContactProblem][])
      out[f] = s.problems[f][p] ?? s.invalid;
    return out;
  };
  const focusFirst = (found: Errors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  const change = (field: ContactField) => (e: Event) => {
    const next = { ...draft, [field]: (e.currentTarget as HTMLInputElement).value };
    setDraft(next);
    // After a first attempt, errors follow the text as it is corrected.
    if (checked) setErrors(check(next));
  };

  async function submit(e: Event) {
    e.preventDefault();
    setChecked(true);
    setFailure(null);
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setSending(true);
    try {
      const res = await fetch(CONTACT_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          name: draft.name,
          email: draft.email,
          organization: draft.organization.trim() || undefined,
          message: draft.message,
          language: lang,
          ...(trap ? { website: trap } : {}),
        }),
      });
      if (res.ok) {
        setSentTo(draft.email.trim());
        setDraft(EMPTY);
        setChecked(false);
        return;
      }
      const body: unknown = await res.json().catch(() => null);
      const fields = res.status === 400 ? serverErrors(body, s) : {};
      setErrors(fields);
      if (Object.keys(fields).length) focusFirst(fields);
      else setFailure(res.status === 429 ? s.throttled : s.failed);
    } catch {
      setFailure(s.failed);
    } finally {
      setSending(false);
    }
  }

  if (sentTo)
    return (
      <div class="contact-sent" role="status" data-testid="contact-sent">
        <h2>{s.successTitle}</h2>
        <p>{fill(s.successBody, { email: sentTo })}</p>
        <button type="button" class="button" ref={again} onClick={() => setSentTo(null)} data-testid="contact-again">
          {s.sendAnother}
        </button>
      </div>
    );

  const field = (name: ContactField, label: string, required: boolean, control: 'input' | 'textarea' = 'input') => {
    const id = `contact-${name}`;
    const error = errors[name];
    const hint = name === 'message' ? `${id}-count` : undefined;
    const describedBy = error ? `${id}-error` : hint;
    const common = {
      id,
      name,
      value: draft[name],
      onInput: change(name),
      required,
      'aria-invalid': error ? ('true' as const) : undefined,
      'aria-describedby': describedBy,
      'data-testid': id,
    };
    return (
      <div class={error ? 'field invalid' : 'field'}>
        <label for={id}>{label}</label>
        {control === 'textarea' ? (
          <textarea {...common} rows={6} />
        ) : name === 'email' ? (
          <input {...common} type="email" autoComplete="email" inputMode="email" />
        ) : (
          <input {...common} type="text" autoComplete={name === 'name' ? 'name' : 'organization'} />
        )}
        {error ? (
          <p class="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : hint ? (
          <p class="field-hint" id={hint}>
            {fill(s.messageCount, { count: draft.message.trim().length, max: CONTACT_LIMITS.messageMax })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form class="contact-form" noValidate onSubmit={submit} ref={form} data-testid="contact-form">
      {failure ? (
        <p class="form-failure" role="alert" data-testid="contact-failure">
          {failure}
        </p>
      ) : null}
      {checked && Object.keys(errors).length ? (
        <p role="alert" class="visually-hidden">
          {s.fixErrors}
        </p>
      ) : null}
      {field('name', s.name, true)}
      {field('email', s.email, true)}
      {field('organization', s.organization, false)}
      {field('message', s.message, true, 'textarea')}
      {/* The spam trap: people never see or reach it; a filled one is answered and dropped. */}
      <div class="visually-hidden" aria-hidden="true">
        <label>
          {s.trap}
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onInput={(e) => setTrap(e.currentTarget.value)}
            data-testid="contact-website"
          />
        </label>
      </div>
      <button type="submit" class="button primary" disabled={sending} data-testid="contact-submit">
        {sending ? s.sending : s.send}
      </button>
    </form>
  );
}
