/**
 * A small typo-tolerant full-text index (decision 022): no search library is installed, and the
 * help university is a few dozen articles per language, so a vocabulary scan is enough.
 *
 * - Text is folded (lower case, accents removed: "campaña" matches "campana") and cut into words.
 * - Each query word matches a vocabulary word exactly, as a prefix (results as you type), or
 *   within a bounded Damerau (optimal string alignment) edit distance: 1 for words of 4 to 7
 *   letters, 2 from 8 letters ("refnud" → "refund", "camapign" → "campaign"). Candidates are
 *   filtered by length first and each distance stops as soon as it exceeds the bound, so a query
 *   costs a few thousand short comparisons.
 * - Documents are ranked by how many query words they match, then by a field-weighted score
 *   (title above summary above body) discounted by the edit distance.
 */

export interface FuzzyField {
  text: string;
  weight: number;
}

export interface FuzzyHit {
  doc: number;
  score: number;
  /** The vocabulary words that matched, for highlighting or excerpts. */
  terms: string[];
}

/** Lower case without accents (NFD, combining marks removed). */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of `s`, folded; words shorter than two characters are dropped. */
export const words = (s: string) => fold(s).match(/[\p{L}\p{N}]{2,}/gu) ?? [];

/** Damerau (optimal string alignment) distance of `a` and `b`, or `max + 1` once it exceeds `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] ?? max + 1;
}

/** The edit distance a query word of this length may be off by. */
export const allowedTypos = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);

const PREFIX_MIN = 3;

export class FuzzyIndex {
  /** word → (doc → weighted count) */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly byLength = new Map<number, string[]>();

  constructor(
    docs: readonly FuzzyField[][],
    private readonly stopWords: ReadonlySet<string> = new Set(),
  ) {
    docs.forEach((fields, doc) => {
      for (const field of fields)
        for (const w of words(field.text)) {
          let posting = this.postings.get(w);
          if (!posting) {
            posting = new Map();
            this.postings.set(w, posting);
            const list = this.byLength.get(w.length) ?? [];
            list.push(w);
            this.byLength.set(w.length, list);
          }
          posting.set(doc, (posting.get(doc) ?? 0) + field.weight);
        }
    });
  }

  get vocabularySize() {
    return this.postings.size;
  }

  /** Vocabulary words matching one query word, each with a factor (1 exact, less for prefix or typos). */
  private expand(q: string): Map<string, number> {
    const out = new Map<string, number>();
    if (this.postings.has(q)) out.set(q, 1);
    const typos = allowedTypos(q.length);
    for (const [length, list] of this.byLength) {
      const prefixable = q.length >= PREFIX_MIN && length > q.length;
      if (!prefixable && Math.abs(length - q.length) > typos) continue;
      for (const w of list) {
        if (w === q) continue;
        if (prefixable && w.startsWith(q)) {
          out.set(w, Math.max(out.get(w) ?? 0, 0.7));
          continue;
        }
        if (typos === 0 || Math.abs(length - q.length) > typos) continue;
        const d = boundedDistance(q, w, typos);
        if (d <= typos) out.set(w, Math.max(out.get(w) ?? 0, 0.6 / d));
      }
    }
    return out;
  }

  search(query: string, limit: number): FuzzyHit[] {
    const all = [...new Set(words(query))];
    const meaningful = all.filter((w) => !this.stopWords.has(w));
    const terms = meaningful.length > 0 ? meaningful : all;
    const found = new Map<number, { matched: number; score: number; terms: Set<string> }>();
    for (const q of terms) {
      const perDoc = new Map<number, { score: number; terms: string[] }>();
      for (const [w, factor] of this.expand(q)) {
        const posting = this.postings.get(w);
        if (!posting) continue;
        // Rarer words weigh more (a plain inverse document frequency).
        const idf = Math.log(1 + 1 / posting.size) + 0.2;
        for (const [doc, weight] of posting) {
          const s = factor * idf * Math.log(1 + weight);
          const entry = perDoc.get(doc) ?? { score: 0, terms: [] };
          entry.score = Math.max(entry.score, s);
          entry.terms.push(w);
          perDoc.set(doc, entry);
        }
      }
      for (const [doc, { score, terms: ts }] of perDoc) {
        const acc = found.get(doc) ?? { matched: 0, score: 0, terms: new Set<string>() };
        acc.matched += 1;
        acc.score += score;
        for (const t of ts) acc.terms.add(t);
        found.set(doc, acc);
      }
    }
    return [...found.entries()]
      .sort(([da, a], [db, b]) => b.matched - a.matched || b.score - a.score || da - db)
      .slice(0, limit)
      .map(([doc, a]) => ({ doc, score: Math.round((a.matched + a.score) * 1000) / 1000, terms: [...a.terms] }));
  }
}
