import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Checkout } from '../islands/Checkout';
import { Theme } from '../islands/Theme';
const ISLANDS = { checkout: Checkout, theme: Theme } as Record<string, (p: never) => unknown>;
for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const C = ISLANDS[el.dataset.island as string];
  if (C) hydrateRoot(el, createElement(C as never, JSON.parse(el.dataset.props as string)));
}
