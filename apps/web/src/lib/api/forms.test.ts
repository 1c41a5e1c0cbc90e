import { describe, expect, it } from 'vitest';
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
