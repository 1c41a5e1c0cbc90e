import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES, searchFaq } from './faq';

describe('faq content', () => {
  it('has the same questions in English and Spanish', () => {
    expect(FAQ.en.length).toBeGreaterThanOrEqual(12);
    expect(FAQ.es.map((e) => e.id)).toEqual(FAQ.en.map((e) => e.id));
    expect(FAQ.es.map((e) => e.category)).toEqual(FAQ.en.map((e) => e.category));
  });

  it('covers every category', () => {
    for (const c of FAQ_CATEGORIES) expect(FAQ.en.some((e) => e.category === c)).toBe(true);
  });

  it('searches without case or accents', () => {
    expect(searchFaq(FAQ.es, 'CONTRASENA').length).toBeGreaterThan(0);
    expect(searchFaq(FAQ.en, 'switch profile').map((e) => e.id)).toContain('switch-profile');
    expect(searchFaq(FAQ.en, 'zzzz-no-match')).toEqual([]);
    expect(searchFaq(FAQ.en, '  ')).toHaveLength(FAQ.en.length);
  });
});
