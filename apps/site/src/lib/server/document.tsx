/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The whole HTML document of a site page: `<html lang data-theme>`, the head (title, description,
 * canonical and language alternates, Open Graph and Twitter card tags), the inlined stylesheet,
 * the boot script, the page kind's island bundles, and the page's body. Rendered by
 * preact-render-to-string, so every value is escaped by the renderer.
 */
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { LANGUAGES, type Language, type Theme } from '../strings';
import type { EntryAssets } from './assets';
import { BOOT_SCRIPT } from './boot-script';
import { siteCss } from './styles';

export const SITE_NAME = 'FUNDRAISER CONSOLE';
const OG_LOCALE: Record<Language, string> = { en: 'en_US', es: 'es_ES' };

export interface DocumentHead {
  /** The page's own title; `<title>` adds the site name unless it is the site name. */
  title: string;
  description: string;
  /** Absolute URL of the page without its language; the document adds `?lang=` for Spanish. */
  url: string;
  /** Absolute URL of the link-preview card. */
  image: string;
  /** Keep the page out of search results (a not-found page). */
  noindex?: boolean;
  /** A person's own page (a donation's thank-you): no canonical, language alternates or link-preview tags. */
  noPreview?: boolean;
}

export interface DocumentProps {
  lang: Language;
  /** The `theme` cookie; null leaves the choice to `prefers-color-scheme`. */
  theme: Theme | null;
  head: DocumentHead;
  assets: EntryAssets | null;
  /** The home page: a signed-in visitor is sent on to their role's home (boot script). */
  home?: boolean;
  children: ComponentChildren;
}

export const localizedUrl = (url: string, lang: Language) => (lang === 'en' ? url : `${url}?lang=${lang}`);

function Head({ lang, head }: { lang: Language; head: DocumentHead }) {
  const fullTitle = head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={head.description} />
      {head.noindex && <meta name="robots" content="noindex" />}
      {!head.noPreview && <PreviewTags lang={lang} head={head} />}
    </>
  );
}

function PreviewTags({ lang, head }: { lang: Language; head: DocumentHead }) {
  const canonical = localizedUrl(head.url, lang);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {LANGUAGES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={localizedUrl(head.url, l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={head.url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={head.image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      <meta name="twitter:image" content={head.image} />
    </>
  );
}

export function renderDocument({ lang, theme, head, assets, home, children }: DocumentProps): string {
  const html = renderToString(
    <html lang={lang} data-theme={theme ?? undefined} data-home={home ? '' : undefined}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Head lang={lang} head={head} />
        <link rel="icon" href="data:," />
        {/* our own stylesheet, read from the repository. */}
        <style dangerouslySetInnerHTML={{ __html: siteCss() }} />
        {/* a constant script allowed by its CSP hash. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        {assets?.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets && <script type="module" src={assets.script} />}
        {assets?.extraScripts?.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>{children}</body>
    </html>,
  );
  return `<!doctype html>\n${html}`;
}
