/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The thank-you pages and `/cart/notfound`: never indexed. */
import type { ComponentChildren } from 'preact';
import { withLang } from '../lib/links';
import { tFor } from '../lib/strings';
import { SponsorsBand } from '../pages/sponsorship/parts';
import { type SponsorThanksData, SponsorThanksPage } from '../pages/sponsorship/SponsorThanksPage';
import type { SponsorEntry } from '../pages/sponsorship/types';
import { ThanksMessage, type ThankYouData, ThankYouPage } from '../pages/thanks/ThankYouPage';
import { clip, type Kit, type SiteRequest } from './kit';

/** A thank-you page. */
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
  /** The gift's campaign's shown sponsors (issue 17): a band under the page when there are some. */
  sponsors?: SponsorEntry[];
}

export function thanksPages(kit: Kit) {
  return {
    /** `/donations/{id}/thank-you`, `/campaigns|fundraisers/{slug}/thank-you[?donation=ID]`. */
    thankYou(req: SiteRequest, page: ThankYouRequest): string {
      const t = tFor(req.lang);
      const s = page.shares;
      const head = s
        ? { ...kit.head(req, s.path, s.title, clip(s.description), s.image), noindex: true }
        : {
            ...kit.head(req, page.path, t('public.thankYou.docTitle'), t('public.thankYou.docTitle')),
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
      const children = (
        <>
          {body}
          <SponsorsBand lang={req.lang} sponsors={page.sponsors} />
        </>
      );
      return kit.page(req, { head, entry: 'thank-you', path: page.path, children });
    },
    /** `/donations/{id}/thank-you` of a sponsorship's payment (issue 17): the sponsor's own page. */
    sponsorThankYou(req: SiteRequest, path: string, d: SponsorThanksData): string {
      const t = tFor(req.lang);
      const title = t('site.sponsorship.thanks.title', { team: d.sellerName });
      return kit.page(req, {
        head: { ...kit.head(req, path, title, title), noindex: true, noPreview: true },
        entry: 'thank-you',
        path,
        children: <SponsorThanksPage lang={req.lang} d={d} />,
      });
    },
    /** `/cart/notfound` (spec §8): where a refused abandoned-cart link leads; `?expired=1` after the retention period. */
    cartNotFound(req: SiteRequest, expired: boolean): string {
      const t = tFor(req.lang);
      const path = '/cart/notfound';
      const title = expired ? t('public.cart.expiredTitle') : t('public.cart.notFoundTitle');
      const text = expired ? t('public.cart.expiredBody') : t('public.cart.notFoundBody');
      return kit.page(req, {
        head: { ...kit.head(req, path, title, text), noindex: true, noPreview: true },
        entry: 'thank-you',
        path: expired ? `${path}?expired=1` : path,
        children: (
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
        ),
      });
    },
  };
}
