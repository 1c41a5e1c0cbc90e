/** Baseline: components run (strings, money, dates) but no HTML is made. */
export const jsx = (type: unknown, props: Record<string, unknown>): unknown => (typeof type === 'function' ? type(props) : null);
export const jsxs = jsx;
export const Fragment = () => null;
