/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * What every page kind's document needs (decision 017): the request (language, theme, base URL),
 * the head's values (absolute canonical and preview addresses, a description of one line), the
 * page kind's island bundles from the manifest, and the document with the public navbar and
 * footer around the page. Each file of `documents/` renders one family of pages with it.
 */
import type { ComponentChildren } from 'preact';
import { ReferralNotice } from '../islands/ReferralNotice';
import { Island } from '../lib/island';
import { type EntryAssets, type EntryName, entryAssets, manifestReader } from '../lib/server/assets';
import { type DocumentHead, renderDocument } from '../lib/server/document';
import { type Language, type Theme, tFor } from '../lib/strings';
import { Layout } from '../pages/Layout';

export interface SiteRequest {
  lang: Language;
  theme: Theme | null;
  /** PUBLIC_URL without a trailing slash: canonical and preview addresses are absolute. */
  baseUrl: string;
  /**
   * A referral visit to announce (issue 16): the server just set the `fc_ref` cookie, or finds it
   * unanswered. The page then carries the notice island and the `referral` entry.
   */
  referral?: ReferralNoticeData | null;
}

/** Whose link brought the visitor and how long the visit is remembered. */
export interface ReferralNoticeData {
  name: string;
  firstName: string;
  days: number;
}

/** The notice, its strings resolved in the page language. */
function Notice({ lang, data }: { lang: Language; data: ReferralNoticeData }) {
  const t = tFor(lang);
  const props = {
    text: t('site.referral.text', { name: data.name, firstName: data.firstName, days: data.days }),
    label: t('site.referral.label'),
    ok: t('site.referral.ok'),
    forget: t('site.referral.forget'),
    error: t('site.referral.error'),
  };
  return <Island name="referral" component={ReferralNotice} props={props} />;
}

/** The page entry's bundles, then the notice's entry (its shared chunks preloaded once). */
function withNotice(page: EntryAssets | null, notice: EntryAssets | null): EntryAssets | null {
  if (!page || !notice) return page ?? notice;
  const preloads = [...new Set([...page.preloads, notice.script, ...notice.preloads])];
  return { script: page.script, preloads, extraScripts: [notice.script] };
}

export interface SiteOptions {
  /** The site's build (apps/site/dist): its manifest names the island bundles. */
  distDir: string;
  /** The default link-preview card, a path on the site (`/og-card.png`). */
  defaultCard: string;
}

const DESCRIPTION_MAX = 200;
/** One line of at most 200 characters for the description tags. */
export const clip = (s: string) => {
  const text = s.replace(/\s+/g, ' ').trim();
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};
const absolute = (req: SiteRequest, src: string) =>
  /^https?:\/\//i.test(src) ? src : `${req.baseUrl}${src.startsWith('/') ? '' : '/'}${src}`;

export interface PageDocument {
  /** The page's head (`kit.head(...)`, with noindex or noPreview where the page needs them). */
  head: DocumentHead;
  /** The page kind's client entry (`src/entries/<entry>.ts`). */
  entry: EntryName;
  /** The address the language links point to (the page's path, with any query it must keep). */
  path: string;
  /** The home page: a signed-in visitor is sent on to their role's home (boot script). */
  home?: boolean;
  /** A one-task page: no site navigation in the header (Layout `bare`). */
  bare?: boolean;
  children: ComponentChildren;
}

export function makeKit({ distDir, defaultCard }: SiteOptions) {
  const manifest = manifestReader(distDir);
  const assets = (entry: EntryName) => {
    const m = manifest();
    return m ? entryAssets(m, entry) : null;
  };
  return {
    /** The head of a page at `path`: absolute URL, and the preview image or the default card. */
    head(req: SiteRequest, path: string, title: string, description: string, image?: string | null): DocumentHead {
      return { title, description, url: `${req.baseUrl}${path}`, image: absolute(req, image || defaultCard) };
    },
    /** A whole HTML document: head, styles, boot script, the entry's bundles, navbar, page, footer. */
    page(req: SiteRequest, doc: PageDocument): string {
      return renderDocument({
        lang: req.lang,
        theme: req.theme,
        head: doc.head,
        assets: req.referral ? withNotice(assets(doc.entry), assets('referral')) : assets(doc.entry),
        home: doc.home,
        children: (
          <Layout
            lang={req.lang}
            theme={req.theme}
            path={doc.path}
            bare={doc.bare}
            notice={req.referral ? <Notice lang={req.lang} data={req.referral} /> : undefined}
          >
            {doc.children}
          </Layout>
        ),
      });
    },
  };
}

export type Kit = ReturnType<typeof makeKit>;
