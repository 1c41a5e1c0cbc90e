import { renderToString } from 'react-dom/server';
import { PlayerPageView, type Ctx } from '../page/PlayerPageView';
import type { PlayerPage } from '../lib/fixture';
export const render = (f: PlayerPage, ctx: Ctx) => renderToString(<PlayerPageView f={f} ctx={ctx} />);
