/**
 * The sponsorship buy page's islands (`/sponsorships/{slug}`; budget 120 KB gz like the checkout):
 * the Buy island, whose card step is the checkout's PaymentPanel (Stripe's module a lazy chunk),
 * and the theme switch.
 */
import { BuySponsorship } from '../islands/sponsorship/BuySponsorship';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, buy: BuySponsorship });
