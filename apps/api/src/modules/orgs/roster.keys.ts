/**
 * The natural key of a roster entry: the player's name and the parent's email, compared without
 * case or surrounding/double spaces. Re-importing a roster matches rows by it (no duplicates).
 */
const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

export function rosterKey(firstName: string, lastName: string, parentEmail: string): string {
  return `${norm(firstName)}|${norm(lastName)}|${norm(parentEmail)}`;
}
