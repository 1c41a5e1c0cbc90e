/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * An island's root as the server writes it: `<div data-island="name" data-props="json">` around
 * the component's own server render, which the page's client entry hydrates in place
 * (entries/hydrate.ts). The props are the island's only input: strings resolved on the server.
 */
import type { FunctionComponent } from 'preact';

export interface IslandProps<P> {
  name: string;
  component: FunctionComponent<P>;
  props: P & object;
}

export function Island<P>({ name, component: Component, props }: IslandProps<P>) {
  return (
    <div class="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
