/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The referral notice (issue 16) on the server's own markup, hydrated in place: "OK" writes
 * `fc_ref_consent=ok` and hides it; "Don't remember" posts to the forget endpoint and hides it,
 * or says it failed and stays.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import { tFor } from '../lib/strings';
import { FORGET_ENDPOINT, ReferralNotice, type ReferralNoticeProps } from './ReferralNotice';

const props = (lang: 'en' | 'es'): ReferralNoticeProps => {
  const t = tFor(lang);
  return {
    text: t('site.referral.text', { name: 'Ava Abbott', firstName: 'Ava', days: 60 }),
    label: t('site.referral.label'),
    ok: t('site.referral.ok'),
    forget: t('site.referral.forget'),
    error: t('site.referral.error'),
  };
};

async function mount(lang: 'en' | 'es' = 'en') {
  document.body.innerHTML = renderToString(<Island name="referral" component={ReferralNotice} props={props(lang)} />);
  const section = document.querySelector('section');
  await act(() => hydrateIslands({ referral: ReferralNotice }));
  // Hydrated in place: the server's node is kept.
  expect(document.querySelector('section')).toBe(section);
}
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = 'fc_ref_consent=; Max-Age=0; Path=/';
});

describe('referral notice island', () => {
  it('names the affiliate and the days, politely announced, in both languages', async () => {
    await mount('en');
    const status = document.querySelector('[role="status"]');
    expect(status?.textContent).toBe(
      "You arrived through Ava Abbott's link. We remember this visit for 60 days so Ava gets credit if you register a team or give.",
    );
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(document.querySelector('section')?.getAttribute('aria-label')).toBe('About this visit');
    await mount('es');
    expect(document.querySelector('[role="status"]')?.textContent).toContain(
      'Llegaste a través del enlace de Ava Abbott',
    );
    expect(button('No recordar')).toBeDefined();
  });

  it('"OK" remembers the answer in fc_ref_consent and hides the notice', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await mount();
    await act(() => button('OK').click());
    expect(document.cookie).toContain('fc_ref_consent=ok');
    expect(document.querySelector('section')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('"Don\'t remember" posts to the forget endpoint and hides the notice', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await mount();
    await act(() => button("Don't remember").click());
    await settle();
    expect(fetch).toHaveBeenCalledWith(FORGET_ENDPOINT, expect.objectContaining({ method: 'POST' }));
    expect(document.querySelector('section')).toBeNull();
    expect(document.cookie).not.toContain('fc_ref_consent=ok');
  });

  it('says so and stays when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await mount();
    await act(() => button("Don't remember").click());
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'We could not save your choice. Please try again.',
    );
    expect(document.querySelector('section')).not.toBeNull();
  });
});
