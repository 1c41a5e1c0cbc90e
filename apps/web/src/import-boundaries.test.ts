import { afterAll, describe, expect, it } from 'vitest';
import { biomeFixtures } from '../../../scripts/lint-fixture.mjs';

// Decision 015: the one-way imports are enforced by Biome (biome.json, noRestrictedImports). Each
// case lints a fixture file placed at a path of the app, with the repository's own biome.json,
// in a scratch folder: removing or weakening a rule fails these tests.
const fixtures = biomeFixtures('fc-boundaries-');
afterAll(fixtures.dispose);
const lint = (path: string, source: string) => fixtures.lint(path, source);

const FEATURE_FILE = 'apps/web/src/features/donations/components/list/Fixture.tsx';

describe('web import boundaries (decision 015)', () => {
  it.each([
    ['another feature', "import { x } from '../../../campaigns/api/get-campaigns';"],
    ['another feature, type only', "import type { x } from '../../../orgs/components/view/OrgViewPage';"],
    ['another feature lazily', "const x = () => import('../../../public/components/DonatePage');"],
    ['another feature through a re-export', "export { y } from '../../../campaigns/components/shared/format';"],
    ['app/', "import { x } from '../../../../app/routes/pages';"],
  ])('a feature may not import %s', (_what, source) => {
    const res = lint(FEATURE_FILE, source);
    expect(res.failed).toBe(true);
    expect(res.output).toContain('lint/style/noRestrictedImports');
    expect(res.output).toContain('015-import-boundaries');
  });

  it.each([
    ['components/', "import { x } from '../../../../components/ui/Figure';"],
    ['lib/', "import { x } from '../../../../lib/format';"],
    ['lib/auth (not the auth feature)', "import { x } from '../../../../lib/auth/AuthProvider';"],
    ['locales', "import x from '../../../../locales/en/donations.json';"],
    ['its own folders', "import { x } from '../../api/get-donations';"],
    ['packages', "import { x } from '@fc/contracts';"],
  ])('a feature may import %s', (_what, source) => {
    const res = lint(FEATURE_FILE, source);
    expect(res.output).not.toContain('noRestrictedImports');
    expect(res.failed).toBe(false);
  });

  it('components/ and lib/ import no feature and not app/', () => {
    expect(lint('apps/web/src/lib/fixture.ts', "import { x } from '../features/orgs/api/get-org';").failed).toBe(true);
    expect(lint('apps/web/src/components/ui/Fixture.tsx', "import { x } from '../../app/routes/pages';").failed).toBe(
      true,
    );
    expect(lint('apps/web/src/components/ui/Fixture.tsx', "import { x } from '../../lib/format';").failed).toBe(false);
  });
});
