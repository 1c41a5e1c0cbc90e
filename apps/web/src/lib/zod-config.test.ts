import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod config', () => {
  it('runs zod without compiled parsers (no new Function under the CSP)', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
