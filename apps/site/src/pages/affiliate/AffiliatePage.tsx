/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * `/affiliate/{slug}` (issue 16): who the affiliate is (photo, name, bio, website), the teams and
 * organizations they brought (links to their `/{slug}` pages), and the two calls to action:
 * register a team (`/onboarding/team`) and give to a team (their organizations, else the home
 * page). All server markup; the visit itself is recorded by the server (decision 018).
 */
import { withLang } from '../../lib/links';
import { type Language, tFor } from '../../lib/strings';

export interface AffiliatePageData {
  slug: string;
  firstName: string;
  lastName: string;
  bio: string | null;
  website: string | null;
  /** Absolute, or a path on the site. */
  avatarUrl: string | null;
  organizations: { name: string; slug: string }[];
}

/** Only http(s) addresses become links (a stored website is the affiliate's own text). */
const safeWebsite = (url: string | null) => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : null);

export function AffiliatePage({ lang, data }: { lang: Language; data: AffiliatePageData }) {
  const t = tFor(lang);
  const name = `${data.firstName} ${data.lastName}`;
  const website = safeWebsite(data.website);
  const initials = `${data.firstName.charAt(0)}${data.lastName.charAt(0)}`.toUpperCase();
  return (
    <article class="affiliate-page" data-testid="affiliate-page">
      <header class="affiliate-hero">
        {data.avatarUrl ? (
          <img src={data.avatarUrl} alt={t('site.affiliate.avatarAlt', { name })} width={96} height={96} />
        ) : (
          <span class="affiliate-initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <div>
          <p class="affiliate-kicker">{t('site.affiliate.kicker')}</p>
          <h1 data-testid="affiliate-name">{name}</h1>
          {website && (
            <p>
              <a href={website} rel="noopener nofollow ugc" target="_blank">
                {t('site.affiliate.website')}: {website.replace(/^https?:\/\//i, '')}
              </a>
            </p>
          )}
        </div>
      </header>
      {data.bio && (
        <p class="affiliate-bio" data-testid="affiliate-bio">
          {data.bio}
        </p>
      )}
      <section aria-labelledby="affiliate-cta" class="affiliate-cta">
        <h2 id="affiliate-cta">{t('site.affiliate.ctaTitle')}</h2>
        <div class="affiliate-cards">
          <div class="affiliate-card">
            <h3>{t('site.affiliate.register')}</h3>
            <p>{t('site.affiliate.registerText')}</p>
            <a class="button primary" href={withLang('/onboarding/team', lang)} data-testid="affiliate-register">
              {t('site.affiliate.register')}
            </a>
          </div>
          <div class="affiliate-card">
            <h3>{t('site.affiliate.give')}</h3>
            {data.organizations.length > 0 ? (
              <>
                <p>{t('site.affiliate.giveText', { firstName: data.firstName })}</p>
                <a class="button" href="#affiliate-orgs" data-testid="affiliate-give">
                  {t('site.affiliate.give')}
                </a>
              </>
            ) : (
              <>
                <p>{t('site.affiliate.giveSearch')}</p>
                <a class="button" href={withLang('/', lang)} data-testid="affiliate-give">
                  {t('site.affiliate.give')}
                </a>
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="affiliate-orgs">
        <h2 id="affiliate-orgs">{t('site.affiliate.organizationsTitle', { firstName: data.firstName })}</h2>
        {data.organizations.length > 0 ? (
          <ul class="affiliate-orgs" data-testid="affiliate-orgs">
            {data.organizations.map((o) => (
              <li key={o.slug}>
                <a href={withLang(`/${encodeURIComponent(o.slug)}`, lang)}>{o.name}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('site.affiliate.noOrganizations', { firstName: data.firstName })}</p>
        )}
      </section>
    </article>
  );
}
