import { randomBytes } from 'node:crypto';

/**
 * mulberry32: a small seeded generator for the random operation sequences of the roll-up tests,
 * so a failing sequence can be replayed by setting `envVar` to the seed the failure prints.
 */
export function seededRandom(envVar: string) {
  const seed = Number(process.env[envVar] ?? randomBytes(4).readUInt32LE(0));
  let state = seed;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(rand() * list.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  return { seed, rand, pick, int };
}
