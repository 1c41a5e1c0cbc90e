/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The public navbar and footer (spec §2 "Public navbar and footer") around a page's content.
 * Login and Go To Dashboard are both in the HTML; the boot script marks a signed-in visitor
 * (`<html data-session>`) and CSS shows the one that applies, so the markup never changes after
 * load. Get Started leads to team registration (`/onboarding/team`, issue 15).
 */
import type { ComponentChildren } from 'preact';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { Island } from '../lib/island';
import { withLang } from '../lib/links';
import { LANGUAGES, type Language, type Theme, tFor } from '../lib/strings';

export interface LayoutProps {
  lang: Language;
  theme: Theme | null;
  /** The page's path without query (`/`, `/our-story`), for the language links. */
  path: string;
  /** A one-task page (the affiliate activation): the brand, language and theme only, no site navigation. */
  bare?: boolean;
  /** The referral notice (issue 16), above the page's content. */
  notice?: ComponentChildren;
  children: ComponentChildren;
}

function Header({ lang, theme, path, bare }: Omit<LayoutProps, 'children'>) {
  const t = tFor(lang);
  const link = (href: string) => withLang(href, lang);
  return (
    <header class="site-header">
      <div class="container header-row">
        <a class="brand" href={link('/')} aria-label={t('site.home')}>
          FUNDRAISER CONSOLE
        </a>
        <div class="header-tools">
          <nav aria-label={t('site.language.label')} class="languages">
            {LANGUAGES.map((l) => (
              <a key={l} href={withLang(path, l)} hrefLang={l} lang={l} aria-current={l === lang ? 'true' : undefined}>
                {t(`site.language.${l}`)}
              </a>
            ))}
          </nav>
          <Island name="theme" component={ThemeSwitch} props={{ theme, label: t('site.theme.dark') }} />
        </div>
        {!bare && (
          <nav aria-label={t('site.nav.label')} class="main-nav">
            <a href={link('/how-it-works')}>{t('site.nav.howItWorks')}</a>
            <a href={link('/onboarding/team')}>{t('site.nav.getStarted')}</a>
            <a href={link('/contact-us')}>{t('site.nav.contactUs')}</a>
            <a href="/login" data-auth="visitor" class="button">
              {t('site.nav.login')}
            </a>
            <a href="/home" data-auth="user" class="button">
              {t('site.nav.dashboard')}
            </a>
          </nav>
        )}
      </div>
    </header>
  );
}

function Footer({ lang }: { lang: Language }) {
  const t = tFor(lang);
  const links: [string, string][] = [
    ['/', 'site.footer.home'],
    ['/how-it-works', 'site.footer.howItWorks'],
    ['/our-story', 'site.footer.ourStory'],
    ['/contact-us', 'site.footer.contactUs'],
    ['/privacy-policy', 'site.footer.privacy'],
    ['/terms-and-conditions', 'site.footer.terms'],
  ];
  return (
    <footer class="site-footer">
      <div class="container">
        <nav aria-label={t('site.footer.label')}>
          <ul class="footer-links">
            {links.map(([href, key]) => (
              <li key={href}>
                <a href={withLang(href, lang)}>{t(key)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p class="copyright">{t('site.footer.copyright')}</p>
      </div>
    </footer>
  );
}

export function Layout({ lang, theme, path, bare, notice, children }: LayoutProps) {
  const t = tFor(lang);
  return (
    <>
      <a class="skip-link" href="#main">
        {t('site.skip')}
      </a>
      <Header lang={lang} theme={theme} path={path} bare={bare} />
      <main id="main" class="container page">
        {notice}
        {children}
      </main>
      <Footer lang={lang} />
    </>
  );
}
