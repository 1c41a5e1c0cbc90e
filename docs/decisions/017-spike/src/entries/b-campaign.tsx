import { h as createElement } from 'preact';
import { hydrate } from 'preact';
import { Amount } from '../islands/Amount';
import { Share } from '../islands/Share';
import { Theme } from '../islands/Theme';
import { Search } from '../islands/Search';
const ISLANDS = { amount: Amount, share: Share, theme: Theme, search: Search } as Record<string, (p: never) => unknown>;
for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const C = ISLANDS[el.dataset.island as string];
  if (C) hydrate(createElement(C as never, JSON.parse(el.dataset.props as string)), el);
}
