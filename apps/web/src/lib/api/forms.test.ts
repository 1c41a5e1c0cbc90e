import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ApiError } from './errors';
import { applyFieldErrors, bodyField } from './forms';

/** A 400 as the API sends it: field paths are `body.<field>` (DECISIONS §4). */
const invalid = (...paths: string[]) =>
  new ApiError(400, 'Check the form.', {
    code: 'VALIDATION',
    fieldErrors: paths.map((path) => ({ path, message: `bad ${path}` })),
  });

function recorder() {
  const set: Record<string, string | undefined> = {};
  const setError = (name: string, e: { message?: string }) => {
    set[name] = e.message;
  };
  return { set, setError };
}

describe('bodyField', () => {
  it('reads the body field of a field path, nested or not, prefixed or not', () => {
    expect(bodyField('body.amountCents')).toBe('amountCents');
    expect(bodyField('body.contacts.2.email')).toBe('contacts');
    expect(bodyField('campaignId')).toBe('campaignId');
    expect(bodyField('')).toBe('');
  });
});

describe('applyFieldErrors', () => {
  it("puts the service's body.* errors (offline entry: campaign, player, amount) on the form fields", () => {
    const { set, setError } = recorder();
    const applied = applyFieldErrors(
      invalid('body.campaignId', 'body.campaignFundraiserId', 'body.amountCents'),
      setError as never,
      ['campaignId', 'player', 'amount', 'email'],
      { amountCents: 'amount', campaignFundraiserId: 'player' },
    );
    expect(applied).toBe(true);
    expect(set).toEqual({
      campaignId: 'bad body.campaignId',
      player: 'bad body.campaignFundraiserId',
      amount: 'bad body.amountCents',
    });
  });

  it('ignores fields the form does not edit, and anything that is not an API error', () => {
    const { set, setError } = recorder();
    expect(applyFieldErrors(invalid('querystring.from', 'body.unknown'), setError as never, ['amount'])).toBe(false);
    expect(applyFieldErrors(new Error('boom'), setError as never, ['amount'])).toBe(false);
    expect(set).toEqual({});
  });
});

describe('applyFieldErrors in Spanish', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  const fieldError = (code: string, message: string) =>
    new ApiError(409, message, { code, fieldErrors: [{ path: 'body.slug', message }] });

  it("shows the code's Spanish sentence, a known message's translation, or a generic one, never the server's English", async () => {
    await i18n.changeLanguage('es');
    const cases: [ApiError, string][] = [
      [
        fieldError('SLUG_TAKEN', 'This web address is already in use. Try "kim-2".'),
        'Esta dirección web ya está en uso. Elige otra.',
      ],
      [fieldError('VALIDATION', 'Use at least 3 characters'), 'Usa al menos 3 caracteres'],
      [fieldError('REGISTRATION_DETAILS_REQUIRED', 'Required'), i18n.t('validation.required')],
      [fieldError('VALIDATION_FAILED', 'Too small: expected string to have >=3 characters'), 'Este valor no es válido'],
      [fieldError('NO_SUCH_CODE', 'Something specific.'), 'Este valor no es válido'],
    ];
    for (const [error, expected] of cases) {
      const { set, setError } = recorder();
      expect(applyFieldErrors(error, setError as never, ['slug'])).toBe(true);
      expect(set.slug).toBe(expected);
      expect(set.slug).not.toBe(error.fieldErrors[0]?.message);
    }
  });

  it("keeps the server's English words in English", () => {
    const { set, setError } = recorder();
    applyFieldErrors(fieldError('SLUG_TAKEN', 'This web address is already in use. Try "kim-2".'), setError as never, [
      'slug',
    ]);
    expect(set.slug).toBe('This web address is already in use. Try "kim-2".');
  });
});
