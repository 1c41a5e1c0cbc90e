import { renderToString } from 'preact-render-to-string';
import { PlayerPageView, type Ctx } from '../page/PlayerPageView';
import type { PlayerPage } from '../lib/fixture';
export const render = (f: PlayerPage, ctx: Ctx) => renderToString(<PlayerPageView f={f} ctx={ctx} />);
