/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The public site's server side (decision 017), as the API calls it (modules/site): each
 * function renders one page kind to a whole HTML document. The API chooses the language and
 * theme and reads the data; the site owns the markup, strings, styles and island bundles.
 */

import type { AbandonedCart, CheckoutContext } from '@fc/contracts';
import type { ComponentChildren } from 'preact';
import { withLang } from './lib/links';
import { type EntryName, entryAssets, manifestReader } from './lib/server/assets';
import { loadContent, type MarketingSlug } from './lib/server/content';
import { renderDocument } from './lib/server/document';
import { type Language, type Theme, tFor } from './lib/strings';
import { ContactPage } from './pages/ContactPage';
import { CampaignPage } from './pages/campaign/CampaignPage';
import { PlayerPage } from './pages/campaign/PlayerPage';
import type { CampaignPageData, PlayerPageData } from './pages/campaign/types';
import { CartPage } from './pages/checkout/CartPage';
import { CheckoutPage } from './pages/checkout/CheckoutPage';
import { InvitePage, type InviteState } from './pages/family/InvitePage';
import { RegisterPage, type RegisterState } from './pages/family/RegisterPage';
import { HomePage, type LiveTotal } from './pages/HomePage';
import { Layout } from './pages/Layout';
import { MarketingPage } from './pages/MarketingPage';
import { NotFoundPage, type OrganizationData, OrganizationPage } from './pages/OrganizationPage';
import { ThanksMessage, type ThankYouData, ThankYouPage } from './pages/thanks/ThankYouPage';

export { BOOT_SCRIPT, BOOT_SCRIPT_CSP } from './lib/server/boot-script';
export { MARKETING_SLUGS, type MarketingSlug } from './lib/server/content';
export { isLanguage, LANGUAGES, type Language, type Theme } from './lib/strings';
export type { CampaignPageData, PlayerEntry, PlayerPageData, Supporter } from './pages/campaign/types';
export type { InviteData, InviteState } from './pages/family/InvitePage';
export type { RegisterData, RegisterState } from './pages/family/RegisterPage';
export type { LiveTotal } from './pages/HomePage';
export type {
  CampaignList,
  OrganizationCampaign,
  OrganizationData,
  OrganizationType,
} from './pages/OrganizationPage';
export type { ThankYouData } from './pages/thanks/ThankYouPage';

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

/** A thank-you page (thank-you pages block of createSite). */
export interface ThankYouRequest {
  /** The address asked for without `lang`, keeping `?donation=`: the language links and "reload". */
  path: string;
  /**
   * The campaign or player page the address names (`/campaigns/{slug}/thank-you`): the head shares
   * it (its title, description, card); null for `/donations/{id}/thank-you`, a donor's own page.
   */
  shares: { title: string; description: string; path: string; image: string | null; name: string } | null;
  /** The donation read from the database; null: the campaign or player address named none. */
  donation: ThankYouData | null;
  /** The donation's unpaid details were removed after the retention period (its JSON answer is 410). */
  expired?: boolean;
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
    // --- The campaign and player pages (issue 14, "read" port) ---
    /**
     * `/campaigns/{slug}`: indexable; the preview image is the campaign's logo, else the
     * organization's, else the default card; the description is the short description or a
     * sentence of ours (`description`, from site.service.ts as the shell wrote it).
     */
    campaign(req: SiteRequest, c: CampaignPageData, meta: { description: string; image: string | null }): string {
      const path = `/campaigns/${encodeURIComponent(c.slug)}`;
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: head(req, path, c.title, clip(meta.description), meta.image),
        assets: assets('campaign'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <CampaignPage lang={req.lang} c={c} url={`${req.baseUrl}${path}`} />
          </Layout>
        ),
      });
    },
    // ---- Thank-you pages and /cart/notfound (issue 14 port, area "thanks"): never indexed. ----
    /** `/donations/{id}/thank-you`, `/campaigns|fundraisers/{slug}/thank-you[?donation=ID]`. */
    thankYou(req: SiteRequest, page: ThankYouRequest): string {
      const t = tFor(req.lang);
      const s = page.shares;
      const docHead = s
        ? { ...head(req, s.path, s.title, clip(s.description), s.image), noindex: true }
        : {
            ...head(req, page.path, t('public.thankYou.docTitle'), t('public.thankYou.docTitle')),
            noindex: true,
            noPreview: true,
          };
      let body: ComponentChildren;
      if (page.donation)
        body = <ThankYouPage lang={req.lang} donation={page.donation} baseUrl={req.baseUrl} path={page.path} />;
      else if (page.expired)
        body = (
          <ThanksMessage
            testId="public-gone"
            title={t('public.cart.expiredTitle')}
            body={t('public.cart.expiredBody')}
            action={null}
          />
        );
      else
        body = (
          <ThanksMessage
            testId="thankyou-missing"
            title={t('public.notFound.donationTitle')}
            body={t('public.thankYou.missingBody')}
            action={s ? { href: withLang(s.path, req.lang), label: t('public.thankYou.backToPage') } : null}
          />
        );
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: docHead,
        assets: assets('thank-you'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={page.path}>
            {body}
          </Layout>
        ),
      });
    },
    /** `/fundraisers/{slug}`: about a minor, so never indexed; titled "Ella B. · Spring Drive" as the SPA was. */
    player(req: SiteRequest, f: PlayerPageData, meta: { description: string; image: string | null }): string {
      const path = `/fundraisers/${encodeURIComponent(f.slug)}`;
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: {
          ...head(req, path, `${f.name} · ${f.campaign.title}`, clip(meta.description), meta.image),
          noindex: true,
        },
        assets: assets('player'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <PlayerPage lang={req.lang} f={f} url={`${req.baseUrl}${path}`} />
          </Layout>
        ),
      });
    },
    /** `/cart/notfound` (spec §8): where a refused abandoned-cart link leads; `?expired=1` after the retention period. */
    cartNotFound(req: SiteRequest, expired: boolean): string {
      const t = tFor(req.lang);
      const path = '/cart/notfound';
      const title = expired ? t('public.cart.expiredTitle') : t('public.cart.notFoundTitle');
      const text = expired ? t('public.cart.expiredBody') : t('public.cart.notFoundBody');
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: { ...head(req, path, title, text), noindex: true, noPreview: true },
        assets: assets('thank-you'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={expired ? `${path}?expired=1` : path}>
            <ThanksMessage
              testId={expired ? 'cart-expired' : 'cart-not-found'}
              title={title}
              body={text}
              action={{
                href: withLang('/', req.lang),
                label: t('public.thanksPage.backHome'),
                testId: 'cart-not-found-home',
              }}
            />
          </Layout>
        ),
      });
    },
    // --- Family pages (issue 14): invitations and player registration. Both are for one person:
    // noindex, no canonical or preview tags; the status (404 when not found) is the caller's.
    /** `/onboarding/campaign/accept-invite/{cfid}` and `/onboarding/player/{cfid}` (path without the token). */
    invite(req: SiteRequest, path: string, state: InviteState): string {
      const t = tFor(req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: {
          ...head(req, path, t('public.invite.title'), t('public.family.inviteDescription')),
          noindex: true,
          noPreview: true,
        },
        assets: assets(state.kind === 'ok' ? 'invite' : 'marketing'),
        children: (
          // The language links keep the token: the other language is the same invitation.
          <Layout
            lang={req.lang}
            theme={req.theme}
            path={state.kind === 'ok' ? `${path}?token=${encodeURIComponent(state.token)}` : path}
          >
            <InvitePage lang={req.lang} state={state} />
          </Layout>
        ),
      });
    },
    /** `/register/{organization}/player[/{fundraiser}]`. */
    register(req: SiteRequest, path: string, state: RegisterState): string {
      const t = tFor(req.lang);
      const description =
        state.kind === 'ok'
          ? t('public.family.registerDescription', { organization: state.data.organization.name })
          : t('public.family.registerNotFoundDescription');
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: { ...head(req, path, t('public.register.title'), clip(description)), noindex: true, noPreview: true },
        assets: assets(state.kind === 'ok' && state.data.divisions.length ? 'register' : 'marketing'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <RegisterPage lang={req.lang} state={state} />
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
        head: { ...head(req, path, t('public.cart.docTitle'), description), noindex: true, noPreview: true },
        assets: assets('checkout'),
        children: (
          <Layout lang={req.lang} theme={req.theme} path={path}>
            <CartPage lang={req.lang} cart={cart} />
          </Layout>
        ),
      });
    },
    // --- end of the campaign, player, thank-you and family and checkout pages ---
    /** The site's not-found page (status 404 is the caller's): never indexed, no canonical or preview tags. */
    notFoundPage(req: SiteRequest, path: string): string {
      const t = tFor(req.lang);
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: { ...head(req, path, t('site.notFound.title'), t('site.notFound.text')), noindex: true, noPreview: true },
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
