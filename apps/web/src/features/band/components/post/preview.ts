import type { BandPostKind } from '@fc/contracts';
import type { TFunction } from 'i18next';

/** What the post dialog knows of a campaign to preview a post about it. */
export interface BandCampaign {
  id: number;
  title: string;
  slug?: string | null;
  goalCents?: number | null;
  raisedCents?: number | null;
}

const dollars = (cents: number | null | undefined, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    Math.floor((cents ?? 0) / 100),
  );

/**
 * The post as the team will read it: the personal line first, then the sentence for the event
 * (the server writes the final text from the campaign, in the team's language).
 */
export function previewText(t: TFunction, language: string, kind: BandPostKind, c: BandCampaign, line: string) {
  const url = c.slug ? `${window.location.origin}/campaigns/${c.slug}` : '';
  const body = t(`band.preview.${kind}`, {
    title: c.title,
    goal: dollars(c.goalCents, language),
    raised: dollars(c.raisedCents, language),
    url,
  }).trim();
  return line.trim() ? `${line.trim()}\n\n${body}` : body;
}
