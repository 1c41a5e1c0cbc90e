/**
 * ENGINEERING habit 9: a console error in a test is a failure. Collects console errors and
 * uncaught page errors of every page of a context; the only errors ignored are network errors
 * (net::ERR_…) of third-party hosts, which the context blocks on purpose.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Chromium logs every failed fetch as a console error. With the 10 s access tokens of the e2e
 * server, any session longer than that gets one 401 per in-flight call before the client's
 * silent refresh (spec §4; token-refresh.spec.ts proves it). These are protocol, not faults:
 * a failed refresh would send the page to /login and fail the test's own assertions.
 */
const EXPIRED_TOKEN_401 = /status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/v1\/(?!jwt\/)/;

export interface ConsoleGuardOptions {
  /** Expected errors for one spec (e.g. the 401 that triggers a token refresh). */
  allow?: RegExp[];
}

export class ConsoleGuard {
  readonly errors: string[] = [];
  readonly allowed: string[] = [];
  /** Network errors of blocked third-party hosts (kept for inspection, never a failure). */
  readonly ignored: string[] = [];

  constructor(
    private readonly appOrigin: string,
    private readonly options: ConsoleGuardOptions = {},
  ) {}

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    page.on('console', (msg) => this.onConsole(msg));
    page.on('pageerror', (err) => this.errors.push(`[pageerror] ${err.name}: ${err.message}`));
  }

  private isThirdPartyNetworkError(msg: ConsoleMessage): boolean {
    if (!msg.text().includes('net::ERR')) return false;
    const url = msg.location().url;
    try {
      return new URL(url).origin !== this.appOrigin;
    } catch {
      return false;
    }
  }

  private onConsole(msg: ConsoleMessage): void {
    if (msg.type() !== 'error') return;
    if (this.isThirdPartyNetworkError(msg)) {
      this.ignored.push(`${msg.text()} (${msg.location().url})`);
      return;
    }
    const loc = msg.location();
    const line = `[console.error] ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`;
    if (EXPIRED_TOKEN_401.test(line) || this.options.allow?.some((re) => re.test(line))) {
      this.allowed.push(line);
      return;
    }
    this.errors.push(line);
  }

  /** Throws (failing the test) when anything unexpected was logged. */
  assertClean(label = 'page'): void {
    if (this.errors.length === 0) return;
    const list = this.errors.map((e) => `  - ${e}`).join('\n');
    this.errors.length = 0;
    throw new Error(`${label}: ${list.split('\n').length} console/page error(s):\n${list}`);
  }
}
