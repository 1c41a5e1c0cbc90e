/// <reference lib="dom" />
/**
 * Hydrates every island root the server wrote (`<div data-island="name" data-props="json">`) with
 * the component of that name, in place: the server's DOM is kept, only listeners attach.
 */
import { type ComponentType, h, hydrate } from 'preact';

export function hydrateIslands(islands: Record<string, ComponentType<never>>): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const component = islands[el.dataset.island ?? ''] as ComponentType<Record<string, unknown>> | undefined;
    if (!component) continue;
    const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
    hydrate(h(component, props), el);
    // Outside the tree Preact manages: tests (and people debugging) can tell a live island.
    el.setAttribute('data-hydrated', '');
  }
}
