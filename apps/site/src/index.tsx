/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The public site's server side (decision 017), as the API calls it (modules/site): each
 * function renders one page kind to a whole HTML document. The API chooses the language and
 * theme and reads the data; the site owns the markup, strings, styles and island bundles.
 * `documents/` holds one file per family of pages, all built on `documents/kit.tsx`.
 */
import { affiliatePages } from './documents/affiliate';
import { campaignPages } from './documents/campaign';
import { checkoutPages } from './documents/checkout';
import { familyPages } from './documents/family';
import { makeKit, type SiteOptions } from './documents/kit';
import { marketingPages } from './documents/marketing';
import { registrationPages } from './documents/registration';
import { sponsorshipPages } from './documents/sponsorship';
import { thanksPages } from './documents/thanks';

export type { PageMeta } from './documents/campaign';
export type { PaymentHead } from './documents/checkout';
export type { ReferralNoticeData, SiteOptions, SiteRequest } from './documents/kit';
export type { ThankYouRequest } from './documents/thanks';
export { BOOT_SCRIPT, BOOT_SCRIPT_CSP } from './lib/server/boot-script';
export { MARKETING_SLUGS, type MarketingSlug } from './lib/server/content';
export { isLanguage, LANGUAGES, type Language, type Theme } from './lib/strings';
export type { ActivateState, ActivationData } from './pages/affiliate/ActivatePage';
export type { AffiliatePageData } from './pages/affiliate/AffiliatePage';
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
export type { RegistrationPageData } from './pages/registration/RegistrationPage';
export type { SponsorThanksData } from './pages/sponsorship/SponsorThanksPage';
export type { OpportunityData, SponsorEntry, SponsorshipPageData } from './pages/sponsorship/types';
export type { ThankYouData } from './pages/thanks/ThankYouPage';

export function createSite(options: SiteOptions) {
  const kit = makeKit(options);
  return {
    ...marketingPages(kit),
    ...campaignPages(kit),
    ...thanksPages(kit),
    ...familyPages(kit),
    ...checkoutPages(kit),
    ...registrationPages(kit),
    ...affiliatePages(kit),
    ...sponsorshipPages(kit),
  };
}

export type Site = ReturnType<typeof createSite>;
