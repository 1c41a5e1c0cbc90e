/**
 * The Contact-Us form (issue 14) as a visitor uses it: field errors before anything is sent (in
 * the UI language), the hidden spam trap, the body sent, the server's 429 and 400 answers shown,
 * and the confirmation.
 */
import type { ContactBody } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { PreferencesProvider } from '../../../lib/prefs/PreferencesProvider';
import { type FakeResponse, fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, render, textOf, type, waitFor } from '../../../test/render';
import { ContactPage } from './ContactPage';

const page = (
  <PreferencesProvider>
    <ContactPage />
  </PreferencesProvider>
);
const helperOf = (field: string) => {
  const input = getByTestId(`contact-${field}`);
  const id = input.getAttribute('aria-describedby');
  return id ? textOf(document.getElementById(id)) : '';
};
const invalid = (field: string) => getByTestId(`contact-${field}`).getAttribute('aria-invalid') === 'true';

function server(answer: () => FakeResponse = () => ({ json: { hasError: false, message: 'Thank you' } })) {
  const sent: ContactBody[] = [];
  const api = fakeApi({
    'POST /public/contact': (req) => {
      sent.push(req.body as ContactBody);
      return answer();
    },
  });
  return { api, sent };
}

async function fill(values: Partial<Record<'name' | 'email' | 'organization' | 'message', string>>) {
  for (const [field, value] of Object.entries(values)) await type(getByTestId(`contact-${field}`), value);
}

describe('ContactPage (/contact-us)', () => {
  it('shows each field’s problem in Spanish and sends nothing until they are fixed', async () => {
    const { sent } = server();
    await render(page, { path: '/contact-us', language: 'es' });
    await click(getByTestId('contact-submit'));
    expect(invalid('name') && invalid('email') && invalid('message')).toBe(true);
    expect(invalid('organization')).toBe(false);
    expect(helperOf('name')).toBe('Escribe tu nombre');
    expect(helperOf('email')).toBe('Escribe tu correo electrónico');
    expect(helperOf('message')).toBe('Escribe al menos 10 caracteres');
    // The first field in error has the focus.
    expect(document.activeElement).toBe(getByTestId('contact-name'));
    await fill({ name: 'Ana', email: 'ana@', organization: 'o'.repeat(151), message: 'corto' });
    expect(helperOf('email')).toBe('Escribe un correo válido, por ejemplo nombre@ejemplo.org');
    expect(helperOf('organization')).toBe('Usa como máximo 150 caracteres');
    expect(invalid('name')).toBe(false);
    await click(getByTestId('contact-submit'));
    expect(sent).toEqual([]);
  });

  it('sends the message in the UI language, with the trap left empty, and confirms', async () => {
    const { sent, api } = server();
    await render(page, { path: '/contact-us', language: 'es' });
    // The trap is out of reach: hidden from assistive technology and out of the tab order.
    const trap = getByTestId<HTMLInputElement>('contact-website');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await fill({ name: ' Ana Pérez ', email: 'ana@example.org', message: 'Queremos organizar una recaudación.' });
    await click(getByTestId('contact-submit'));
    await waitFor(() => expect(queryByTestId('contact-sent')).not.toBeNull());
    expect(sent).toEqual([
      {
        name: ' Ana Pérez ',
        email: 'ana@example.org',
        message: 'Queremos organizar una recaudación.',
        language: 'es',
      },
    ]);
    expect(getByTestId('contact-sent').getAttribute('role')).toBe('status');
    expect(textOf(getByTestId('contact-sent'))).toContain('Enviamos una confirmación a ana@example.org');
    expect(document.activeElement).toBe(getByTestId('contact-again'));
    await click(getByTestId('contact-again'));
    expect(getByTestId<HTMLInputElement>('contact-name').value).toBe('');
    expect(api.unhandled).toEqual([]);
  });

  it('sends what a bot typed into the trap (the server drops it)', async () => {
    const { sent } = server();
    await render(page, { path: '/contact-us' });
    await fill({ name: 'Bot', email: 'bot@example.org', message: 'Buy cheap things now!!!' });
    await type(getByTestId('contact-website'), 'https://spam.example');
    await click(getByTestId('contact-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.website).toBe('https://spam.example');
  });

  it('shows the 429 in Spanish and keeps what was typed', async () => {
    server(() => ({
      status: 429,
      json: { hasError: true, code: 'CONTACT_THROTTLED', message: 'You have sent several messages in the last hour.' },
    }));
    await render(page, { path: '/contact-us', language: 'es' });
    await fill({ name: 'Ana', email: 'ana@example.org', message: 'Un mensaje suficientemente largo.' });
    await click(getByTestId('contact-submit'));
    const alert = await waitFor(() => getByTestId('contact-failure'));
    expect(textOf(alert)).toBe('Enviaste varios mensajes en la última hora. Espera una hora y vuelve a intentarlo.');
    expect(getByTestId<HTMLInputElement>('contact-name').value).toBe('Ana');
  });

  it('puts the server’s field errors (a 400) on their fields, in the UI language', async () => {
    server(() => ({
      status: 400,
      json: {
        hasError: true,
        code: 'VALIDATION_FAILED',
        message: 'Invalid body.email: Enter a valid email address, e.g. name@example.org',
        errors: [{ path: 'body.email', message: 'Enter a valid email address, e.g. name@example.org' }],
      },
    }));
    await render(page, { path: '/contact-us', language: 'es' });
    await fill({ name: 'Ana', email: 'ana@example.org', message: 'Un mensaje suficientemente largo.' });
    await click(getByTestId('contact-submit'));
    await waitFor(() => expect(invalid('email')).toBe(true));
    expect(helperOf('email')).toBe('Escribe un correo válido, por ejemplo nombre@ejemplo.org');
    expect(queryByTestId('contact-failure')).toBeNull();
  });
});
