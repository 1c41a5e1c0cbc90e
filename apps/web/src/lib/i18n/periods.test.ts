import { describe, expect, it } from 'vitest';
import i18n from './index';
import { collapseDoublePeriods } from './periods';

describe('one period after a name that ends in one (issue 12)', () => {
  it.each([
    ['contact Acme Inc..', 'contact Acme Inc.'],
    ['supporting Ella B..', 'supporting Ella B.'],
    ['Loading...', 'Loading...'],
    ['Wait…', 'Wait…'],
    ['v1.2.3', 'v1.2.3'],
  ])('%j becomes %j', (input, output) => expect(collapseDoublePeriods(input)).toBe(output));

  it('applies to every translation that interpolates such a name', async () => {
    await i18n.changeLanguage('en');
    i18n.addResource('en', 'translation', 'test.contact', 'Contact {{organization}}.');
    expect(i18n.t('test.contact', { organization: 'Acme Inc.' })).toBe('Contact Acme Inc.');
    expect(i18n.t('test.contact', { organization: 'Acme' })).toBe('Contact Acme.');
  });
});
