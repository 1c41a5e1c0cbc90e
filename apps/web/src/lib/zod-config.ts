/**
 * zod without compiled parsers in the browser: zod would probe `new Function`, which the CSP
 * forbids (script-src has no 'unsafe-eval'), and browsers report the probe as a policy violation
 * on every page that validates. zod reads its settings from this global when it loads
 * (zod/v4/core `globalConfig`); setting it here, before any chunk loads zod, keeps zod out of
 * the entry chunk (importing `config` from zod would bring ~4 KB gz to every page).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
