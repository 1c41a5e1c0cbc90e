// Testability check: server HTML of option A or B, islands hydrated in happy-dom, then the amount
// island driven like a donor would (choose "other", type 12,50 in Spanish) and the total read back.
import path from 'node:path';
import { build } from 'esbuild';
import { Window } from 'happy-dom';

const here = import.meta.dirname;
const opt = process.argv[2] ?? 'B';
const { render } = await import(path.join(here, `out/server/${opt}.mjs`));
const { playerFixture, pick, tFor } = await import(path.join(here, 'out/server/common.mjs'));
const lng = 'es';
const strings = {
  theme: pick(lng, ['navbar.lightMode', 'navbar.darkMode']),
  amount: pick(lng, ['public.checkout.chooseAmount', 'public.checkout.otherAmount', 'public.checkout.amount', 'public.checkout.coverFee', 'public.checkout.total', 'public.donate.button', 'public.checkout.amountProblems.invalid', 'public.checkout.amountProblems.min']),
  share: pick(lng, ['public.share.title', 'public.share.link', 'public.share.copy', 'public.share.copied', 'public.share.copiedLong', 'public.share.qrAlt', 'public.share.qrHint']),
  search: pick(lng, ['public.leaderboard.search', 'public.leaderboard.found', 'common.loading']),
};
const html = render(playerFixture(), { t: tFor(lng), lng, now: Date.now(), origin: 'https://fc.example', strings });
const win = new Window({ url: 'https://fc.example/fundraisers/ella-b-rockets' });
win.document.body.innerHTML = `<div id="page">${html}</div>`;
const errors = [];
for (const k of ['window', 'document', 'HTMLElement', 'Node', 'Event', 'Image', 'requestAnimationFrame']) globalThis[k] = win[k] ?? win;
Object.defineProperty(globalThis, 'navigator', { value: win.navigator, configurable: true });
globalThis.console.error = (...a) => errors.push(a.join(' '));
globalThis.console.warn = (...a) => errors.push(a.join(' '));
const form = win.document.querySelector('form.amount');
const entry = opt === 'A' ? 'a-player.tsx' : 'b-player.tsx';
const out = path.join(here, `out/hydrate-${opt}.mjs`);
await build({ entryPoints: [path.join(here, 'src/entries', entry)], bundle: true, format: 'esm', platform: 'browser', outfile: out, logLevel: 'error',
  jsx: 'automatic', jsxImportSource: opt === 'A' ? 'react' : 'preact', alias: opt === 'A' ? {} : { react: 'preact/hooks' },
  define: { 'process.env.NODE_ENV': '"development"' }, nodePaths: [path.join(here, 'node_modules')] });
await import(out);
await new Promise((r) => setTimeout(r, 50));
const other = [...win.document.querySelectorAll('input[name=amount]')].find((i) => i.value === 'other');
other.click();
await new Promise((r) => setTimeout(r, 50));
const input = win.document.getElementById('amount-other');
input.value = '12,50';
input.dispatchEvent(new win.Event('input', { bubbles: true }));
await new Promise((r) => setTimeout(r, 50));
const total = win.document.querySelector('.total').textContent;
console.log(JSON.stringify({ option: opt, sameFormNode: win.document.querySelector('form.amount') === form, total, consoleErrors: errors.slice(0, 3) }));
await win.happyDOM.close();
