/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The donate, fee and cart pages: one `checkout` entry hydrates the checkout and the cart. */
import type { AbandonedCart, CheckoutContext } from '@fc/contracts';
import { tFor } from '../lib/strings';
import { CartPage } from '../pages/checkout/CartPage';
import { CheckoutPage } from '../pages/checkout/CheckoutPage';
import type { Kit, SiteRequest } from './kit';

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

export function checkoutPages(kit: Kit) {
  return {
    /** `/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate`, `/campaigns/pay_fees/{id}`. */
    checkout(req: SiteRequest, path: string, context: CheckoutContext, h: PaymentHead): string {
      const t = tFor(req.lang);
      return kit.page(req, {
        head: {
          ...kit.head(req, path, h.title ?? t('public.checkout.pageTitle'), h.description, h.image),
          url: h.url,
          noindex: h.noindex,
        },
        entry: 'checkout',
        path,
        children: <CheckoutPage lang={req.lang} context={context} path={path} />,
      });
    },
    /** `/donations/{id}/cart`: a donor's own page, never indexed. */
    cart(req: SiteRequest, path: string, cart: AbandonedCart, description: string): string {
      const t = tFor(req.lang);
      return kit.page(req, {
        head: { ...kit.head(req, path, t('public.cart.docTitle'), description), noindex: true, noPreview: true },
        entry: 'checkout',
        path,
        children: <CartPage lang={req.lang} cart={cart} />,
      });
    },
  };
}
