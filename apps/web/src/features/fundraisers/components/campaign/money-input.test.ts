import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../../lib/i18n';
import { dollarsSchema } from './money-input';

describe('the goal field', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads the amount in the interface language and caps it at the largest amount the API accepts', () => {
    expect(dollarsSchema.safeParse('').success).toBe(true);
    expect(dollarsSchema.safeParse('1.000.000').success).toBe(true);
    expect(dollarsSchema.safeParse('1.000.000,01').error?.issues[0]?.message).toBe('fundraisers.page.goalTooLarge');
    expect(dollarsSchema.safeParse('25,500').error?.issues[0]?.message).toBe('money.errors.ambiguous');
    expect(dollarsSchema.safeParse('lots').error?.issues[0]?.message).toBe('fundraisers.page.goalFormat');
    expect(dollarsSchema.safeParse('275,5').success).toBe(true);
  });
});
