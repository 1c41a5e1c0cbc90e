import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, STRINGS } from './strings';
import { collapseDoublePeriods, createT, flatten, type Tree } from './t';

const tree: Tree = {
  a: { hello: 'Hello {{name}}', plain: 'Plain' },
  n: { items_one: '{{count}} item', items_other: '{{count}} items', items_many: '{{count}} de items' },
  end: 'Contact {{name}}.',
};

describe('t', () => {
  it('interpolates, keeps unknown variables, and returns the key when missing', () => {
    const t = createT(tree, 'en');
    expect(t('a.hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('a.hello')).toBe('Hello {{name}}');
    expect(t('a.plain', { other: 1 })).toBe('Plain');
    expect(t('a.missing')).toBe('a.missing');
  });

  it('chooses _one/_other (and _many where the language has it) from count', () => {
    const en = createT(tree, 'en');
    expect(en('n.items', { count: 1 })).toBe('1 item');
    expect(en('n.items', { count: 0 })).toBe('0 items');
    expect(en('n.items', { count: 2 })).toBe('2 items');
    const es = createT(tree, 'es');
    expect(es('n.items', { count: 1 })).toBe('1 item');
    expect(es('n.items', { count: 1_000_000 })).toBe('1000000 de items');
  });

  it('never ends a sentence in two periods (issue 12), but keeps an ellipsis', () => {
    const t = createT(tree, 'en');
    expect(t('end', { name: 'Acme Inc.' })).toBe('Contact Acme Inc.');
    expect(collapseDoublePeriods('Wait...')).toBe('Wait...');
  });

  it('says exactly what i18next says for every site string, in both languages', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { en: { translation: STRINGS.en }, es: { translation: STRINGS.es } },
      lng: 'en',
      interpolation: { escapeValue: false },
      postProcess: ['singlePeriods'],
    });
    i18n.use({ type: 'postProcessor', name: 'singlePeriods', process: (v: string) => collapseDoublePeriods(v) });
    const vars = { count: 3, date: 'May 1, 2026', name: 'Acme Inc.' };
    for (const lang of LANGUAGES) {
      const ours = createT(STRINGS[lang], lang);
      const theirs = i18n.getFixedT(lang);
      const keys = new Set(flatten(STRINGS[lang]).map(([k]) => k.replace(/_(one|other|many)$/, '')));
      expect(keys.size).toBeGreaterThan(20);
      for (const key of keys) {
        for (const count of [1, 3])
          expect(ours(key, { ...vars, count }), `${lang} ${key}`).toBe(theirs(key, { ...vars, count }));
      }
    }
  });
});
