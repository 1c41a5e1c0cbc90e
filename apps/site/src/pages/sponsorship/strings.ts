/**
 * The sponsorship islands' strings in one language, left with their `{{vars}}`: the Buy island
 * gets the checkout's (`checkout.*`, `card.*`, for the card step) plus `site.sponsorship.form.*`
 * as `sp.form.*`; the sponsor's thank-you island `site.sponsorship.thanks.*` as `thanks.*`.
 */
import type { Strings } from '../../islands/checkout/strings';
import { type Language, STRINGS } from '../../lib/strings';
import { flatten, type Tree } from '../../lib/t';
import { paymentStrings } from '../checkout/strings';

const part = (lang: Language, name: string) => ((STRINGS[lang].site as Tree).sponsorship as Tree)[name] as Tree;

const buy = new Map<Language, Strings>();

export function buyStrings(lang: Language): Strings {
  let made = buy.get(lang);
  if (!made) {
    made = { ...paymentStrings(lang).strings, ...Object.fromEntries(flatten(part(lang, 'form'), 'sp.form.')) };
    buy.set(lang, made);
  }
  return made;
}

export const sponsorThanksStrings = (lang: Language): Strings =>
  Object.fromEntries(flatten(part(lang, 'thanks'), 'thanks.'));
