import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Theme } from '../islands/Theme';
for (const el of document.querySelectorAll<HTMLElement>('[data-island=theme]')) hydrateRoot(el, createElement(Theme, JSON.parse(el.dataset.props as string)));
