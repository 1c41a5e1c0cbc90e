/**
 * The payment pages' islands (donate, fee and cart pages; decision 017 budget: 120 KB gz of
 * initial JS before Stripe's own script): the checkout, the cart's resume form and the theme
 * switch. Stripe's module is a lazy chunk loaded only when the provider is Stripe.
 */
import { CartResume } from '../islands/checkout/CartResume';
import { Checkout } from '../islands/checkout/Checkout';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, checkout: Checkout, cart: CartResume });
