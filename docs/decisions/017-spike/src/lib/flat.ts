/** Flattens a strings file to key → template, for the tiny translator (lib/t.ts) on the server. */
export function flatten(o: Record<string, unknown>, pre = '', out: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(o)) typeof v === 'string' ? (out[pre + k] = v) : flatten(v as Record<string, unknown>, `${pre}${k}.`, out);
  return out;
}
