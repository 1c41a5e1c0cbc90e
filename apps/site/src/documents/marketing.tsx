/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The home page, the marketing pages, Contact-Us, the organization pages and the not-found page. */
import { loadContent, type MarketingSlug } from '../lib/server/content';
import { tFor } from '../lib/strings';
import { ContactPage } from '../pages/ContactPage';
import { HomePage, type LiveTotal } from '../pages/HomePage';
import { MarketingPage } from '../pages/MarketingPage';
import { NotFoundPage, type OrganizationData, OrganizationPage } from '../pages/OrganizationPage';
import { clip, type Kit, type SiteRequest } from './kit';

export function marketingPages(kit: Kit) {
  return {
    home(req: SiteRequest, total: LiveTotal): string {
      const content = loadContent('home', req.lang);
      return kit.page(req, {
        head: kit.head(req, '/', content.title, content.description),
        entry: 'home',
        path: '/',
        home: true,
        children: <HomePage lang={req.lang} content={content} total={total} />,
      });
    },
    marketing(req: SiteRequest, slug: MarketingSlug): string {
      const content = loadContent(slug, req.lang);
      const path = `/${slug}`;
      return kit.page(req, {
        head: kit.head(req, path, content.title, content.description),
        entry: 'marketing',
        path,
        children: <MarketingPage lang={req.lang} slug={slug} content={content} />,
      });
    },
    /** `/contact-us`: the form rendered whole, hydrated by the `contact` entry. */
    contact(req: SiteRequest): string {
      const t = tFor(req.lang);
      const path = '/contact-us';
      return kit.page(req, {
        head: kit.head(req, path, t('site.contact.form.title'), t('site.contact.form.description')),
        entry: 'contact',
        path,
        children: <ContactPage lang={req.lang} />,
      });
    },
    /** `/{slug}` of an organization, league or team; its only island is the theme switch (marketing entry). */
    organization(req: SiteRequest, org: OrganizationData): string {
      const t = tFor(req.lang);
      const path = `/${encodeURIComponent(org.slug)}`;
      const description = clip(org.description?.trim() || t('site.org.description', { name: org.name }));
      return kit.page(req, {
        head: kit.head(req, path, org.name, description, org.logoUrl),
        entry: 'marketing',
        path,
        children: <OrganizationPage lang={req.lang} org={org} />,
      });
    },
    /** The site's not-found page (status 404 is the caller's): never indexed, no canonical or preview tags. */
    notFoundPage(req: SiteRequest, path: string): string {
      const t = tFor(req.lang);
      return kit.page(req, {
        head: {
          ...kit.head(req, path, t('site.notFound.title'), t('site.notFound.text')),
          noindex: true,
          noPreview: true,
        },
        entry: 'marketing',
        path,
        children: <NotFoundPage lang={req.lang} />,
      });
    },
  };
}
