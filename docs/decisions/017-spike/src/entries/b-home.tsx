import { h as createElement } from 'preact';
import { hydrate } from 'preact';
import { Theme } from '../islands/Theme';
for (const el of document.querySelectorAll<HTMLElement>('[data-island=theme]')) hydrate(createElement(Theme, JSON.parse(el.dataset.props as string)), el);
