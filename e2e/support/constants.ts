/** Shared by global-setup (main process) and specs: no vitest runtime imports here. */

/** Short on purpose: token-refresh.spec waits past it and expects a silent refresh. */
export const ACCESS_TOKEN_TTL_SECONDS = 10;
export const DEMO_PASSWORD = 'demo-pass-2026';
