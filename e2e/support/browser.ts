/**
 * One Chromium per spec file (`useBrowser()` registers the hooks). Each test opens isolated
 * sessions (context + page) with `open()`; after each test every session is closed and its
 * console guard checked, so a console error fails the test that caused it; a failed test's pages
 * are saved and described first (failure-report.ts).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ConsoleGuard, type ConsoleGuardOptions } from './console-guard';
import { baseURL } from './env';
import { reportFailure, Trail } from './failure-report';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const WIDE = { width: 1440, height: 900 } as const;
export const NARROW = { width: 390, height: 844 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface SessionOptions extends ConsoleGuardOptions {
  viewport?: { width: number; height: number };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  guard: ConsoleGuard;
  /** What the session's pages did, printed when the test fails (failure-report.ts). */
  trail: Trail;
}

/** A fresh context (own localStorage) with third-party hosts blocked and the console guarded. */
export async function openSession(browser: Browser, options: SessionOptions = {}): Promise<Session> {
  const base = baseURL();
  const origin = new URL(base).origin;
  const context = await browser.newContext({
    baseURL: base,
    viewport: options.viewport ?? WIDE,
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  // Only the app itself is reachable: anything else (fonts, analytics, Stripe) is refused.
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => route.abort('blockedbyclient'),
  );
  const guard = new ConsoleGuard(origin, options);
  guard.watchContext(context);
  const trail = new Trail();
  trail.watchContext(context);
  const page = await context.newPage();
  return { context, page, guard, trail };
}

/** Registers beforeAll/afterEach/afterAll for one spec file and returns `open()`. */
export function useBrowser() {
  let browser: Browser | undefined;
  let sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (ctx) => {
    const current = sessions;
    sessions = [];
    const problems: string[] = [];
    const failed = ctx.task.result?.state === 'fail';
    for (const s of current) {
      if (failed) await reportFailure(ctx.task.name, s.context, s.trail).catch(() => undefined);
      try {
        s.guard.assertClean(ctx.task.name);
      } catch (err) {
        problems.push((err as Error).message);
      }
      await s.context.close().catch(() => undefined);
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(options: SessionOptions = {}): Promise<Session> {
      if (!browser) throw new Error('browser not launched (useBrowser() must run at file level)');
      const session = await openSession(browser, options);
      sessions.push(session);
      return session;
    },
    get browser(): Browser {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
  };
}
