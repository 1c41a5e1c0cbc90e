import { amount, search, share, theme } from '../vanilla/islands';
const ISLANDS = { amount, share, theme, search } as Record<string, (el: HTMLElement, p: never) => void>;
for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) ISLANDS[el.dataset.island as string]?.(el, JSON.parse(el.dataset.props as string) as never);
