import { theme } from '../vanilla/islands';
for (const el of document.querySelectorAll<HTMLElement>('[data-island=theme]')) theme(el, JSON.parse(el.dataset.props as string));
