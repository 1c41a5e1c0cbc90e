/**
 * What a post says (decision 021 "Posts"), written by the server from the campaign, in the language
 * of whoever queued it (English or Spanish): the campaign's name, its goal and what it has raised,
 * and the link to its public page. An optional personal line from the author comes first. BAND shows
 * plain text, so nothing here is HTML.
 */
import { type BandPostKind, formatMoney } from '@fc/contracts';

export interface CampaignFacts {
  title: string;
  slug: string;
  goalCents: number;
  raisedCents: number;
}

type Lang = 'en' | 'es';

const TEXT: Record<Lang, Record<BandPostKind, (c: { title: string; goal: string; raised: string }) => string>> = {
  en: {
    campaign_launch: (c) => `${c.title} is live! Help us reach our goal of ${c.goal}: give, and share the page.`,
    campaign_invite: (c) =>
      `Join ${c.title}: set up your player's page and share it with family and friends. Our goal is ${c.goal}.`,
    goal_reached: (c) => `We did it! ${c.title} reached its goal of ${c.goal}, with ${c.raised} raised. Thank you!`,
    thank_you: (c) => `Thank you! ${c.title} has raised ${c.raised} toward our goal of ${c.goal}. Every gift counts.`,
    at_risk_nudge: (c) =>
      `${c.title} has raised ${c.raised} of our ${c.goal} goal. A few more shares can get us there!`,
  },
  es: {
    campaign_launch: (c) =>
      `¡${c.title} ya está en marcha! Ayúdanos a llegar a nuestra meta de ${c.goal}: dona y comparte la página.`,
    campaign_invite: (c) =>
      `Únete a ${c.title}: prepara la página de tu jugador y compártela con familiares y amigos. Nuestra meta es ${c.goal}.`,
    goal_reached: (c) => `¡Lo logramos! ${c.title} alcanzó su meta de ${c.goal}, con ${c.raised} recaudados. ¡Gracias!`,
    thank_you: (c) =>
      `¡Gracias! ${c.title} lleva ${c.raised} recaudados para nuestra meta de ${c.goal}. Cada donación cuenta.`,
    at_risk_nudge: (c) =>
      `${c.title} lleva ${c.raised} de nuestra meta de ${c.goal}. ¡Unas cuantas veces más compartida y lo logramos!`,
  },
};

export function postContent(
  kind: BandPostKind,
  campaign: CampaignFacts,
  language: string,
  publicUrl: string,
  message?: string,
): string {
  const lang: Lang = language === 'es' ? 'es' : 'en';
  const money = (cents: number) => formatMoney(cents, lang, { whole: true });
  const body = TEXT[lang][kind]({
    title: campaign.title,
    goal: money(campaign.goalCents),
    raised: money(campaign.raisedCents),
  });
  const link = `${publicUrl.replace(/\/$/, '')}/campaigns/${encodeURIComponent(campaign.slug)}`;
  return [message?.trim(), body, link].filter(Boolean).join('\n\n');
}
