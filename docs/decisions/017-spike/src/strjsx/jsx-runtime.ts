/**
 * Option C's server JSX: a ~60-line runtime whose elements are already HTML strings (escaped
 * text and attributes, no virtual DOM, no hooks). Components are plain functions of props.
 */
export class Html { constructor(readonly html: string) {} toString() { return this.html; } }
type Child = Html | string | number | boolean | null | undefined | Child[];
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (s: string) => (/[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => ESC[c] as string) : s);
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const NAMES: Record<string, string> = { className: 'class', htmlFor: 'for', readOnly: 'readonly', noValidate: 'novalidate', inputMode: 'inputmode', tabIndex: 'tabindex' };
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function children(c: Child): string {
  if (c === null || c === undefined || c === false || c === true) return '';
  if (typeof c === 'string') return escape(c);
  if (typeof c === 'number') return String(c);
  if (c instanceof Html) return c.html;
  let out = '';
  for (const x of c) out += children(x);
  return out;
}
function attrs(props: Record<string, unknown>): string {
  let out = '';
  for (const k in props) {
    const v = props[k];
    if (k === 'children' || k === 'key' || k === 'ref' || v === null || v === undefined || v === false || typeof v === 'function') continue;
    if (k === 'style' && typeof v === 'object') {
      out += ` style="${escape(Object.entries(v as object).map(([p, x]) => `${kebab(p)}:${x}`).join(';'))}"`;
    } else {
      const name = NAMES[k] ?? k;
      out += v === true ? ` ${name}` : ` ${name}="${escape(String(v))}"`;
    }
  }
  return out;
}
export function jsx(type: string | ((p: Record<string, unknown>) => Html), props: Record<string, unknown>): Html {
  if (typeof type === 'function') return type(props);
  const open = `<${type}${attrs(props)}>`;
  if (VOID.has(type)) return new Html(open);
  return new Html(`${open}${children(props.children as Child)}</${type}>`);
}
export const jsxs = jsx;
export const Fragment = (p: { children?: Child }) => new Html(children(p.children ?? null));
export namespace JSX {
  export type Element = Html;
  export interface IntrinsicElements { [tag: string]: Record<string, unknown> }
}
