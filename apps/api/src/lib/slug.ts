/** Lower-case ASCII letters and digits joined by single hyphens: "Ñandú Kids U12" → "nandu-kids-u12". */
export function slugify(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength);
}
