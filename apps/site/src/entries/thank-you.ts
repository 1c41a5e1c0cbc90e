/**
 * The thank-you pages and /cart/notfound (issue 14 port): the theme switch, the share card, and
 * the status of a donation still pending, the sponsor's name, website and logo form (issue 17) (decision 017 budget: 90 KB gz of initial JS).
 */
import { SponsorDetails } from '../islands/sponsorship/SponsorDetails';
import { ThankYouShare } from '../islands/ThankYouShare';
import { ThankYouStatus } from '../islands/ThankYouStatus';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, share: ThankYouShare, thankyou: ThankYouStatus, sponsor: SponsorDetails });
