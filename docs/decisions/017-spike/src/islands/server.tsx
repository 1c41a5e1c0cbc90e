/** A/B: each island rendered inside the page, in a root that carries its props for hydration. */
import { Amount, type AmountProps } from './Amount';
import { Search } from './Search';
import { Share, type ShareProps } from './Share';
import { Theme } from './Theme';
import type { Messages } from '../lib/t';

const root = (name: string, props: object, child: unknown, inline = false) =>
  inline
    ? <span data-island={name} data-props={JSON.stringify(props)}>{child as never}</span>
    : <div data-island={name} data-props={JSON.stringify(props)}>{child as never}</div>;
export const AmountIsland = (p: AmountProps) => root('amount', p, <Amount {...p} />);
export const ShareIsland = (p: ShareProps) => root('share', p, <Share {...p} />);
export const ThemeIsland = (p: { m: Messages; lng: string }) => root('theme', p, <Theme {...p} />, true);
export const SearchIsland = (p: { slug: string; m: Messages; lng: string }) => root('search', p, <Search {...p} />);
