/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The share card (issue 14): the address is in the server's HTML; hydrated, Copy puts it on the
 * clipboard and says so, the device's share sheet is offered only where the browser has one.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import { ShareCard } from './ShareCard';

const URL = 'https://give.example.org/campaigns/spring';
const strings = {
  link: 'Page link',
  copy: 'Copy',
  copied: 'Copied',
  copiedLong: 'The link was copied.',
  share: 'Share…',
  qrAlt: 'QR code',
  qrHint: 'Scan it.',
};

afterEach(() => vi.unstubAllGlobals());

async function mount() {
  document.body.innerHTML = renderToString(
    <Island name="share" component={ShareCard} props={{ url: URL, title: 'Spring', strings }} />,
  );
  expect(document.querySelector<HTMLInputElement>('[data-testid="share-url"]')?.value).toBe(URL);
  await act(() => hydrateIslands({ share: ShareCard }));
}

describe('share card island', () => {
  it('copies the address and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    await mount();
    expect(document.querySelector('[data-testid="share-native"]')).toBeNull();
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="share-copy"]')?.click());
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(document.querySelector('[data-testid="share-copy"]')?.textContent).toBe('Copied');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('The link was copied.');
  });

  it("offers the device's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    await mount();
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="share-native"]')?.click());
    expect(share).toHaveBeenCalledWith({ title: 'Spring', url: URL });
  });
});
