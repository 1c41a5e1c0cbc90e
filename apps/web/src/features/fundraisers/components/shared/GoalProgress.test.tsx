import { describe, expect, it } from 'vitest';
import { render } from '../../../../test/render';
import { GoalProgress } from './GoalProgress';

/** Issue 12: one percent style per language (formatPercent), the family screens included. */
describe("a player's progress writes its percent in the interface language", () => {
  it.each([
    ['en', '12%'],
    ['es', '12\u00a0%'],
  ] as const)('in %s: %j', async (language, pct) => {
    const { container } = await render(<GoalProgress raisedCents={1_200} goalCents={10_000} testId="family" />, {
      language,
    });
    const labels = [...container.querySelectorAll('[data-testid="family"] p')].map((e) => e.textContent);
    expect(labels).toContain(pct);
  });
});
