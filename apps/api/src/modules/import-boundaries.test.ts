import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Decision 015: a module reaches another only through the files biome.json lists as published
// (noRestrictedImports). Each case lints a fixture at a path of the API with the repository's
// biome.json in a scratch folder: removing or weakening the rule fails these tests.
const ROOT = resolve(__dirname, '../../../..');
const BIOME = join(ROOT, 'node_modules/@biomejs/biome/bin/biome');
const scratch = mkdtempSync(join(tmpdir(), 'fc-api-boundaries-'));
copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(source: string, path = 'apps/api/src/modules/donations/fixture.ts') {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${source}\nexport { x };\n`);
  const run = spawnSync(process.execPath, [BIOME, 'lint', '--max-diagnostics=5', path], {
    cwd: scratch,
    encoding: 'utf8',
  });
  rmSync(file);
  return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
}

describe('API module boundaries (decision 015)', () => {
  it.each([
    ["another module's service", "import { x } from '../users/users.service.js';"],
    ["another module's routes", "import x from '../orgs/orgs.routes.js';"],
    ['another module, type only', "import type { x } from '../auth/jwt.js';"],
    ['another module by way of src/', "import { x } from '../../modules/users/users.service.js';"],
  ])('a module may not import %s', (_what, source) => {
    const res = lint(source);
    expect(res.failed).toBe(true);
    expect(res.output).toContain('lint/style/noRestrictedImports');
    expect(res.output).toContain('015-import-boundaries');
  });

  it.each([
    ['its own files', "import { x } from './admin.service.js';"],
    ['lib/', "import { x } from '../../lib/errors.js';"],
    ['plugins/ and providers/', "import { x } from '../../providers/mail/outbox.js';"],
    ['the database package', "import { x } from '@fc/db';"],
    ["a published entry point (campaigns' totals)", "import { x } from '../campaigns/totals.js';"],
  ])('a module may import %s', (_what, source) => {
    const res = lint(source);
    expect(res.output).not.toContain('noRestrictedImports');
    expect(res.failed).toBe(false);
  });
});
