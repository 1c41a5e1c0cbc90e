import { afterAll, describe, expect, it } from 'vitest';
import { biomeFixtures } from '../../../../scripts/lint-fixture.mjs';

// Decision 015: a module reaches another only through the files biome.json lists as published
// (noRestrictedImports). Each case lints a fixture at a path of the API with the repository's
// biome.json in a scratch folder: removing or weakening the rule fails these tests.
const fixtures = biomeFixtures('fc-api-boundaries-');
afterAll(fixtures.dispose);
const lint = (source: string, path = 'apps/api/src/modules/donations/fixture.ts') => fixtures.lint(path, source);

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
