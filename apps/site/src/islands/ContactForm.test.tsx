/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Contact-Us island (issue 14) as a visitor uses it, on the server's own markup hydrated in
 * place: field errors before anything is sent (in the page language), the hidden spam trap, the
 * body posted, the server's 429 and 400 answers shown, and the confirmation.
 */
import type { ContactBody } from '@fc/contracts';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import type { Language } from '../lib/strings';
import { contactFormStrings } from '../pages/ContactPage';
import { CONTACT_ENDPOINT, ContactForm } from './ContactForm';

interface Answer {
  status: number;
  json: unknown;
}
const OK: Answer = { status: 200, json: { hasError: false, message: 'Thank you' } };

function server(answer: () => Answer = () => OK) {
  const sent: ContactBody[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    expect(url).toBe(CONTACT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    sent.push(JSON.parse(String(init.body)));
    const a = answer();
    return new Response(JSON.stringify(a.json), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent };
}

const errors = vi.spyOn(console, 'error');

async function mount(lang: Language = 'en') {
  document.body.innerHTML = renderToString(
    <Island name="contact" component={ContactForm} props={{ lang, strings: contactFormStrings(lang) }} />,
  );
  const form = document.querySelector('form');
  await act(() => hydrateIslands({ contact: ContactForm }));
  // Hydrated in place: the server's form is the one in use, and the root says it is live.
  expect(document.querySelector('form')).toBe(form);
  expect(document.querySelector('[data-island="contact"]')?.hasAttribute('data-hydrated')).toBe(true);
}

const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => {
  const el = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const helperOf = (field: string) => {
  const id = byTestId(`contact-${field}`).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};
const invalid = (field: string) => byTestId(`contact-${field}`).getAttribute('aria-invalid') === 'true';
const type = (el: HTMLInputElement | HTMLTextAreaElement, value: string) =>
  act(() => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
async function fill(values: Partial<Record<'name' | 'email' | 'organization' | 'message', string>>) {
  for (const [field, value] of Object.entries(values)) await type(byTestId(`contact-${field}`), value);
}
const submit = () => act(() => byTestId('contact-submit').click());
/** Lets the fetch and its JSON settle, then Preact's updates. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

afterEach(() => {
  vi.unstubAllGlobals();
  errors.mockClear();
});

describe('ContactForm island (/contact-us)', () => {
  it('is whole on the server: labels, fields and the trap out of reach, before any script', () => {
    const html = renderToString(
      <Island name="contact" component={ContactForm} props={{ lang: 'es', strings: contactFormStrings('es') }} />,
    );
    document.body.innerHTML = html;
    for (const [field, label] of [
      ['name', 'Tu nombre'],
      ['email', 'Tu correo electrónico'],
      ['organization', 'Organización (opcional)'],
      ['message', 'Mensaje'],
    ])
      expect(document.querySelector(`label[for="contact-${field}"]`)?.textContent).toBe(label);
    const trap = byTestId<HTMLInputElement>('contact-website');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')?.classList.contains('visually-hidden')).toBe(true);
    expect(byTestId('contact-submit').textContent).toBe('Enviar mensaje');
    // Only the island's own strings travel in its props.
    const props = JSON.parse(document.querySelector<HTMLElement>('[data-island="contact"]')?.dataset.props ?? '{}');
    expect(Object.keys(props)).toEqual(['lang', 'strings']);
    expect(JSON.stringify(props)).not.toContain('Privacy');
  });

  it('shows each field’s problem in Spanish and sends nothing until they are fixed', async () => {
    const { sent } = server();
    await mount('es');
    await submit();
    expect(invalid('name') && invalid('email') && invalid('message')).toBe(true);
    expect(invalid('organization')).toBe(false);
    expect(helperOf('name')).toBe('Escribe tu nombre');
    expect(helperOf('email')).toBe('Escribe tu correo electrónico');
    expect(helperOf('message')).toBe('Escribe al menos 10 caracteres');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Revisa los campos marcados.');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(byTestId('contact-name'));
    await fill({ name: 'Ana', email: 'ana@', organization: 'o'.repeat(151), message: 'corto' });
    expect(helperOf('email')).toBe('Escribe un correo válido, por ejemplo nombre@ejemplo.org');
    expect(helperOf('organization')).toBe('Usa como máximo 150 caracteres');
    expect(invalid('name')).toBe(false);
    await submit();
    expect(document.activeElement).toBe(byTestId('contact-email'));
    expect(sent).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('sends the message in the page language, with the trap left empty, and confirms', async () => {
    const { sent } = server();
    await mount('es');
    expect(helperOf('message')).toBe('0 de 5000 caracteres');
    await fill({ name: ' Ana Pérez ', email: 'ana@example.org', message: 'Queremos organizar una recaudación.' });
    expect(helperOf('message')).toBe('35 de 5000 caracteres');
    await submit();
    await settle();
    expect(sent).toEqual([
      { name: ' Ana Pérez ', email: 'ana@example.org', message: 'Queremos organizar una recaudación.', language: 'es' },
    ]);
    const done = byTestId('contact-sent');
    expect(done.getAttribute('role')).toBe('status');
    expect(done.textContent).toContain('Enviamos una confirmación a ana@example.org');
    expect(document.activeElement).toBe(byTestId('contact-again'));
    await act(() => byTestId('contact-again').click());
    expect(byTestId<HTMLInputElement>('contact-name').value).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });

  it('sends what a bot typed into the trap (the server drops it)', async () => {
    const { sent } = server();
    await mount('en');
    await fill({ name: 'Bot', email: 'bot@example.org', message: 'Buy cheap things now!!!' });
    await type(byTestId('contact-website'), 'https://spam.example');
    await submit();
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.website).toBe('https://spam.example');
    expect(sent[0]?.language).toBe('en');
  });

  it('shows the 429 in Spanish and keeps what was typed', async () => {
    server(() => ({
      status: 429,
      json: { hasError: true, code: 'CONTACT_THROTTLED', message: 'You have sent several messages in the last hour.' },
    }));
    await mount('es');
    await fill({ name: 'Ana', email: 'ana@example.org', message: 'Un mensaje suficientemente largo.' });
    await submit();
    await settle();
    expect(byTestId('contact-failure').textContent).toBe(
      'Enviaste varios mensajes en la última hora. Espera una hora y vuelve a intentarlo.',
    );
    expect(byTestId('contact-failure').getAttribute('role')).toBe('alert');
    expect(byTestId<HTMLInputElement>('contact-name').value).toBe('Ana');
    expect(byTestId<HTMLButtonElement>('contact-submit').disabled).toBe(false);
  });

  it('puts the server’s field errors (a 400) on their fields, in the page language', async () => {
    server(() => ({
      status: 400,
      json: {
        hasError: true,
        code: 'VALIDATION_FAILED',
        message: 'Invalid body.email: Enter a valid email address, e.g. name@example.org',
        errors: [{ path: 'body.email', message: 'Enter a valid email address, e.g. name@example.org' }],
      },
    }));
    await mount('es');
    await fill({ name: 'Ana', email: 'ana@example.org', message: 'Un mensaje suficientemente largo.' });
    await submit();
    await settle();
    expect(invalid('email')).toBe(true);
    expect(helperOf('email')).toBe('Escribe un correo válido, por ejemplo nombre@ejemplo.org');
    expect(document.activeElement).toBe(byTestId('contact-email'));
    expect(document.querySelector('[data-testid="contact-failure"]')).toBeNull();
  });

  it('says a failure other than 400/429 and a network error in the page language', async () => {
    server(() => ({ status: 500, json: { hasError: true, code: 'INTERNAL' } }));
    await mount('en');
    await fill({ name: 'Ana', email: 'ana@example.org', message: 'A long enough message.' });
    await submit();
    await settle();
    expect(byTestId('contact-failure').textContent).toBe(
      'Your message could not be sent. Please try again in a minute.',
    );
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await submit();
    await settle();
    expect(byTestId('contact-failure').textContent).toBe(
      'Your message could not be sent. Please try again in a minute.',
    );
  });
});
