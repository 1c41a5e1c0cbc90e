/**
 * The thank-you pages and /cart/notfound (issue 14 port): the theme switch, the share card, and
 * the status of a donation still pending (decision 017 budget: 90 KB gz of initial JS).
 */
import { ThankYouShare } from '../islands/ThankYouShare';
import { ThankYouStatus } from '../islands/ThankYouStatus';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, share: ThankYouShare, thankyou: ThankYouStatus });
