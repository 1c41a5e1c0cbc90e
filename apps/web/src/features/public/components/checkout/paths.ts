/** Addresses of the payment pages (spec §2), built from a donation's public id. */
export const thankYouPath = (donationId: string) => `/donations/${encodeURIComponent(donationId)}/thank-you`;
export const cartPath = (donationId: string) => `/donations/${encodeURIComponent(donationId)}/cart`;

/** The donate route of a player's page or, without a player, of the campaign. */
export const donatePath = (campaignSlug: string, fundraiserSlug: string | null | undefined) =>
  fundraiserSlug
    ? `/fundraisers/${encodeURIComponent(fundraiserSlug)}/donate`
    : `/campaigns/${encodeURIComponent(campaignSlug)}/donate`;

/** The public page to share: the player's when there is one, else the campaign's. */
export const pagePath = (campaignSlug: string, fundraiserSlug: string | null | undefined) =>
  fundraiserSlug
    ? `/fundraisers/${encodeURIComponent(fundraiserSlug)}`
    : `/campaigns/${encodeURIComponent(campaignSlug)}`;

/**
 * A page the server renders (the thank-you pages, /cart/notfound), opened with a full page load
 * from the SPA: `?lang=` carries the language the visitor is reading in (the SPA keeps it in
 * local storage, which the server does not see).
 */
export const serverPage = (path: string, language: string) =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language.startsWith('es') ? 'es' : 'en'}`;
