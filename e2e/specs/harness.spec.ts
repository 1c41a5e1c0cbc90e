/** The e2e harness itself: the console guard catches what it must and only ignores what it may. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { open } = useBrowser();

describe('console guard', () => {
  it('records console.error and uncaught errors; ignores blocked third-party requests', async () => {
    const { page, guard } = await open();
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();

    // A host the CSP allows (connect-src), so only the e2e context's block stops it.
    const thirdParty = await page.evaluate(() =>
      fetch('https://api.stripe.com/v1/ping').then(
        () => 'loaded',
        (err: Error) => `refused: ${err.message}`,
      ),
    );
    await page.evaluate(() => console.error('harness: deliberate console.error'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('harness: deliberate uncaught error');
      }, 0);
    });
    await page.waitForTimeout(300);

    const caught = guard.errors.splice(0);
    console.log(
      `[harness] third-party fetch ${thirdParty}; ignored ${guard.ignored.join(' | ')}; caught ${caught.length}: ${caught.join(' | ')}`,
    );
    expect(guard.ignored.some((m) => m.includes('net::ERR_BLOCKED_BY_CLIENT'))).toBe(true);
    expect(thirdParty).toMatch(/^refused/);
    expect(caught).toHaveLength(2);
    expect(caught[0]).toContain('harness: deliberate console.error');
    expect(caught[1]).toContain('[pageerror] Error: harness: deliberate uncaught error');
    expect(() => guard.assertClean()).not.toThrow();
  });
});
