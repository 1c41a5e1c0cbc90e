import { describe, expect, it } from 'vitest';
import { render } from '../../../../test/render';
import { GoalProgress } from './GoalProgress';

/**
 * Issue 12: the campaign's progress wrote "12%" in Spanish where other screens wrote "12 %".
 * Every percent label now comes from formatPercent: Intl's style, with a no-break space in Spanish.
 */
describe('percent labels follow the interface language', () => {
  it.each([
    ['en', '12%'],
    ['es', '12\u00a0%'],
  ] as const)('the campaign progress (full and dense) in %s write %j', async (language, pct) => {
    const { container } = await render(
      <>
        <GoalProgress raisedCents={1_200} goalCents={10_000} testId="full" />
        <GoalProgress raisedCents={1_200} goalCents={10_000} dense testId="dense" />
      </>,
      { language },
    );
    for (const id of ['full', 'dense']) {
      const block = container.querySelector(`[data-testid="${id}"]`)!;
      const labels = [...block.querySelectorAll('p, span')].map((e) => e.textContent);
      expect(labels, id).toContain(pct);
    }
    expect(container.querySelector('[data-testid="full"] [role="progressbar"]')?.getAttribute('aria-label')).toContain(
      `(${pct})`,
    );
  });
});
