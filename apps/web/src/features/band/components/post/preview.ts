import { type BandPostKind, formatMoney } from '@fc/contracts';
import type { TFunction } from 'i18next';

/** What the post dialog knows of a campaign to preview a post about it. */
export interface BandCampaign {
  id: number;
  title: string;
  slug?: string | null;
  goalCents?: number | null;
  raisedCents?: number | null;
}

/**
 * The post as the team will read it, written as the server writes it (apps/api band content.ts):
 * the personal line first, then the sentence for the event, then the campaign's public page.
 */
export function previewText(t: TFunction, language: string, kind: BandPostKind, c: BandCampaign, line: string) {
  const lang = language.startsWith('es') ? 'es' : 'en';
  const money = (cents: number | null | undefined) => formatMoney(cents ?? 0, lang, { whole: true });
  const body = t(`band.preview.${kind}`, { title: c.title, goal: money(c.goalCents), raised: money(c.raisedCents) });
  const link = c.slug ? `${window.location.origin}/campaigns/${encodeURIComponent(c.slug)}` : '';
  return [line.trim(), body, link].filter(Boolean).join('\n\n');
}
