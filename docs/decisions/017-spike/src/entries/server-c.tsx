import { PlayerPageView, type Ctx } from '../page/PlayerPageView';
import type { PlayerPage } from '../lib/fixture';
export const render = (f: PlayerPage, ctx: Ctx) => ((<PlayerPageView f={f} ctx={ctx} />) as unknown as { html: string } | null)?.html ?? null;
