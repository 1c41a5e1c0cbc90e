/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Affiliates (issue 16): the public page `/affiliate/{slug}` (canonical and preview tags like the
 * other public pages; its only island is the theme switch, plus the referral notice the visit
 * brings), and the activation page `/affiliate/activate/{token}` (one person's: noindex, no
 * canonical or preview tags; the token only in its own language links).
 */
import { tFor } from '../lib/strings';
import { ActivatePage, type ActivateState } from '../pages/affiliate/ActivatePage';
import { AffiliatePage, type AffiliatePageData } from '../pages/affiliate/AffiliatePage';
import { clip, type Kit, type SiteRequest } from './kit';

export function affiliatePages(kit: Kit) {
  return {
    affiliate(req: SiteRequest, data: AffiliatePageData): string {
      const t = tFor(req.lang);
      const name = `${data.firstName} ${data.lastName}`;
      const path = `/affiliate/${encodeURIComponent(data.slug)}`;
      const description = clip(data.bio?.trim() || t('site.affiliate.description', { name }));
      return kit.page(req, {
        head: kit.head(req, path, t('site.affiliate.title', { name }), description, data.avatarUrl),
        entry: 'marketing',
        path,
        children: <AffiliatePage lang={req.lang} data={data} />,
      });
    },
    /** `path` is the page's own address with its token: the language links reopen the same invitation. */
    affiliateActivation(req: SiteRequest, path: string, state: ActivateState): string {
      const t = tFor(req.lang);
      return kit.page(req, {
        head: {
          ...kit.head(req, path, t('site.activate.title'), t('site.activate.description')),
          noindex: true,
          noPreview: true,
        },
        entry: state.kind === 'ok' ? 'activate' : 'marketing',
        path,
        bare: true,
        children: <ActivatePage lang={req.lang} state={state} />,
      });
    },
  };
}
