// The import-boundary tests (decision 015): lint one fixture file, placed at a path of the
// repository, with the repository's own biome.json, in a scratch folder, so that removing or
// weakening a rule fails them. Used by apps/web/src and apps/api/src/modules import-boundaries tests.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BIOME = join(ROOT, 'node_modules/@biomejs/biome/bin/biome');

/** A scratch copy of the configuration; `lint` writes a fixture, lints it and removes it. */
export function biomeFixtures(prefix) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
  return {
    lint(path, source) {
      const file = join(scratch, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${source}\nexport { x };\n`);
      const run = spawnSync(process.execPath, [BIOME, 'lint', '--max-diagnostics=5', path], {
        cwd: scratch,
        encoding: 'utf8',
      });
      rmSync(file);
      return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
    },
    dispose: () => rmSync(scratch, { recursive: true, force: true }),
  };
}
