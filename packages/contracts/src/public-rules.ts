/**
 * The privacy rules for minors on public pages (decision 007) and how counts are shown, kept
 * apart from the schemas (public-pages.ts): the public pages of the web app import these without
 * downloading zod.
 */

export const PUBLIC_LISTING_MIN_AGE = 13;

/** Age in whole years on `today` (UTC dates), or null when the birth date is unknown. */
export function ageOn(birthDate: string | null, today: Date = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** May the player appear on leaderboards and in public search? */
export function isPubliclyListable(p: { birthDate: string | null; publicListing: boolean }, today?: Date): boolean {
  if (p.publicListing) return true;
  const age = ageOn(p.birthDate, today);
  return age !== null && age >= PUBLIC_LISTING_MIN_AGE;
}

/** "Jane D." by default; "Jane Doe" when a parent chose the full name. */
export function publicPlayerName(p: { firstName: string; lastName: string; showFullName: boolean }): string {
  if (p.showFullName) return `${p.firstName} ${p.lastName}`.trim();
  const initial = p.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${p.firstName} ${initial}.` : p.firstName;
}

/** Spec §9: counts over 999 are shown with 'k' (1,250 → "1.3k"). */
export function formatCount(n: number): string {
  if (n <= 999) return String(n);
  const k = n / 1000;
  return `${k >= 100 ? Math.round(k) : Number(k.toFixed(1))}k`;
}
