import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { helpArticleOf, helpHref } from './help';
import { isRouteHandle } from './meta';
import { routes } from './routes';

/** content/university, from this file (apps/web/src/app/routes). */
const CONTENT = path.resolve(__dirname, '../../../../../content/university');

/** Every authenticated route of the table: those whose handle names a resource (or null: any signed-in user). */
function authedRoutes(list: RouteObject[], out: RouteObject[] = []): RouteObject[] {
  for (const r of list) {
    if (r.path && isRouteHandle(r.handle)) out.push(r);
    if (r.children) authedRoutes(r.children, out);
  }
  return out;
}
const authenticated = authedRoutes(routes);

const frontMatterId = (id: string, lang: string) =>
  /^id: "(.*)"$/m.exec(readFileSync(path.join(CONTENT, `${id}.${lang}.md`), 'utf8'))?.[1];

describe('each console page links to its help article', () => {
  it('maps every authenticated route to an article that exists in English and Spanish', () => {
    expect(authenticated.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const r of authenticated) {
      const id = helpArticleOf(r.path ?? '');
      if (!id) {
        missing.push(`${r.path} → (none)`);
        continue;
      }
      for (const lang of ['en', 'es'])
        if (!existsSync(path.join(CONTENT, `${id}.${lang}.md`)) || frontMatterId(id, lang) !== id)
          missing.push(`${r.path} → ${id}.${lang}.md`);
    }
    expect(missing).toEqual([]);
  });

  it('resolves a concrete address to its page-specific article', () => {
    expect(helpHref(routes, '/campaigns/view/7')).toBe('/help/university/campaigns/setup/add-players-to-a-campaign');
    expect(helpHref(routes, '/campaigns/7/summary')).toBe('/help/university/campaigns/tracking/campaign-summary');
    expect(helpHref(routes, '/donations/view/3')).toBe(
      '/help/university/donations-and-payouts/donations/refund-a-donation',
    );
    expect(helpHref(routes, '/pages/api-key')).toBe('/help/university/account-and-security/account/api-keys');
    expect(helpHref(routes, '/fundraisers/home')).toBe(
      '/help/university/players-and-families/families/set-up-your-players-page',
    );
    expect(helpHref(routes, '/orgs/teams/view/12')).toBe(
      '/help/university/organizations/structure/organization-hierarchy',
    );
  });

  it('offers no article on public pages', () => {
    expect(helpHref(routes, '/login')).toBeUndefined();
    expect(helpHref(routes, '/misc/not-authorized')).toBeUndefined();
  });
});
