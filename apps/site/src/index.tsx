/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The public site's server side (decision 017), as the API calls it (modules/site): each
 * function renders one page kind to a whole HTML document. The API chooses the language and
 * theme and reads the data; the site owns the markup, strings, styles and island bundles.
 */

import type { AbandonedCart, CheckoutContext } from '@fc/contracts';
import { type EntryName, entryAssets, manifestReader } from './lib/server/assets';
import { loadContent, type MarketingSlug } from './lib/server/content';
import { renderDocument } from './lib/server/document';
import { type Language, type Theme, tFor } from './lib/strings';
import { ContactPage } from './pages/ContactPage';
import { CartPage } from './pages/checkout/CartPage';
import { CheckoutPage } from './pages/checkout/CheckoutPage';
import { HomePage, type LiveTotal } from './pages/HomePage';
import { Layout } from './pages/Layout';
import { MarketingPage } from './pages/MarketingPage';
import { NotFoundPage, type OrganizationData, OrganizationPage } from './pages/OrganizationPage';

export { BOOT_SCRIPT, BOOT_SCRIPT_CSP } from './lib/server/boot-script';
export { MARKETING_SLUGS, type MarketingSlug } from './lib/server/content';
export { isLanguage, LANGUAGES, type Language, type Theme } from './lib/strings';
export type { LiveTotal } from './pages/HomePage';
export type {
  CampaignList,
  OrganizationCampaign,
  OrganizationData,
  OrganizationType,
} from './pages/OrganizationPage';

const DESCRIPTION_MAX = 200;
/** One line of at most 200 characters for the description tags. */
const clip = (s: string) => {
  const text = s.replace(/\s+/g, ' ').trim();
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};
const absolute = (req: SiteRequest, src: string) =>
  /^https?:\/\//i.test(src) ? src : `${req.baseUrl}${src.startsWith('/') ? '' : '/'}${src}`;

export interface SiteRequest {
  lang: Language;
  theme: Theme | null;
  /** PUBLIC_URL without a trailing slash: canonical and preview addresses are absolute. */
  baseUrl: string;
}

/** The head of a payment page, as the API decides it (site.service.ts's rules for the donate pages). */
export interface PaymentHead {
  /** null: the page kind's own title (the checkout's, the cart's). */
  title: string | null;
  description: string;
  /** Absolute canonical address (a donate page names its campaign's or player's page). */
  url: string;
  image: string | null;
  noindex: boolean;
}

export interface SiteOptions {
  /** The site's build (apps/site/dist): its manifest names the island bundles. */
  distDir: string;
  /** The default link-preview card, a path on the site (`/og-card.png`). */
  defaultCard: string;
}

export function createSite({ distDir, defaultCard }: SiteOptions) {
  const manifest = manifestReader(distDir);
  const assets = (entry: EntryName) => {
    const m = manifest();
    return m ? entryAssets(m, entry) : null;
  };
  const head = (req: SiteRequest, path: string, title: string, description: string, image?: string | null) => ({
    title,
    description,
    url: `${req.baseUrl}${path}`,
    image: absolute(req, image || defaultCard),
  });

  return {
    home(req: SiteRequest, total: LiveTotal): string {
      const content = loadContent('home', req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: head(req, '/', content.title, content.description),
        assets: assets('home'),
        home: true,
        children: (
          <Layout lang={req.lang} theme={req.theme} path="/">
            <HomePage lang={req.lang} content={content} total={total} />
          </Layout>
        ),
      });
    },
    marketing(req: SiteRequest, slug: MarketingSlug): string {
      const content = loadContent(slug, req.lang);
      const path = `/${slug}`;
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: head(req, path, content.title, content.description),
        assets: assets('marketing'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <MarketingPage lang={req.lang} slug={slug} content={content} />
          </Layout>
        ),
      });
    },
    /** `/contact-us`: the form rendered whole, hydrated by the `contact` entry. */
    contact(req: SiteRequest): string {
      const t = tFor(req.lang);
      const path = '/contact-us';
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: head(req, path, t('site.contact.form.title'), t('site.contact.form.description')),
        assets: assets('contact'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <ContactPage lang={req.lang} />
          </Layout>
        ),
      });
    },
    /** `/{slug}` of an organization, league or team; its only island is the theme switch (marketing entry). */
    organization(req: SiteRequest, org: OrganizationData): string {
      const t = tFor(req.lang);
      const path = `/${encodeURIComponent(org.slug)}`;
      const description = clip(org.description?.trim() || t('site.org.description', { name: org.name }));
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: head(req, path, org.name, description, org.logoUrl),
        assets: assets('marketing'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <OrganizationPage lang={req.lang} org={org} />
          </Layout>
        ),
      });
    },
    // ---- Checkout (issue 14 port): one `checkout` entry hydrates the checkout and the cart.
    /** `/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate`, `/campaigns/pay_fees/{id}`. */
    checkout(req: SiteRequest, path: string, context: CheckoutContext, h: PaymentHead): string {
      const t = tFor(req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: {
          ...head(req, path, h.title ?? t('public.checkout.pageTitle'), h.description, h.image),
          url: h.url,
          noindex: h.noindex,
        },
        assets: assets('checkout'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <CheckoutPage lang={req.lang} context={context} path={path} />
          </Layout>
        ),
      });
    },
    /** `/donations/{id}/cart`: a donor's own page, never indexed. */
    cart(req: SiteRequest, path: string, cart: AbandonedCart, description: string): string {
      const t = tFor(req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: { ...head(req, path, t('public.cart.docTitle'), description), noindex: true },
        assets: assets('checkout'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <CartPage lang={req.lang} cart={cart} />
          </Layout>
        ),
      });
    },
    /** The site's not-found page (status 404 is the caller's): never indexed, canonical at the address asked for. */
    notFoundPage(req: SiteRequest, path: string): string {
      const t = tFor(req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: { ...head(req, path, t('site.notFound.title'), t('site.notFound.text')), noindex: true },
        assets: assets('marketing'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <NotFoundPage lang={req.lang} />
          </Layout>
        ),
      });
    },
  };
}

export type Site = ReturnType<typeof createSite>;
