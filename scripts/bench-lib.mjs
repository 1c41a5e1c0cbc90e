// Shared by the benchmarks: run `fn` n times in a row and report the median and 99th percentile.
/** @param {number} n @param {() => Promise<unknown>} fn */
export async function timed(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => +samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))].toFixed(1);
  return { n, p50: pct(50), p99: pct(99) };
}
