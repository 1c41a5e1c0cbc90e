/**
 * Shared harness for the RELIABILITY row 5 suites (malformed input per endpoint): the figures
 * recorder and its `[row 5] ...` lines, the hostile-value arbitraries, and arbitraries derived from
 * the zod contracts (through their JSON Schema) that give bodies and query strings which are
 * schema-valid, or schema-valid but for one to three fields.
 */
import { DB_ID_MAX } from '@fc/contracts';
import { type Db, rows } from '@fc/db';
import type { SQL } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';

/** Inputs per endpoint (the row's floor). */
export const RUNS = 100;
export type Caller = (o: InjectOptions) => Promise<LightMyRequestResponse>;

/** A fixed seed keeps runs reproducible; FC_SEED=<n> explores other inputs. Returns the seed in use. */
export function useSeed(fallback: number): number {
  const seed = Number(process.env.FC_SEED ?? fallback);
  fc.configureGlobal({ seed });
  return seed;
}

/** What a leaked stack trace, file path or database internals look like in a body. */
export const STACK =
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+|Drizzle|PGlite|syntax error at/i;

export interface Figure {
  /** Malformed inputs (the row's count). */
  tried: number;
  /** Schema-valid inputs with hostile values (unknown, foreign or duplicate ids, boundary lengths...). */
  valid: number;
  /** Answers that were not a 400 validation failure, i.e. reached the route's own code. */
  pastValidation: number;
  s5xx: number;
  stack: number;
  badEnvelope: number;
  statuses: Record<number, number>;
  samples: string[];
}

/**
 * Records answers per endpoint without throwing, so every endpoint gets its full run and the
 * printed figures are complete; `clean` then fails the endpoint's test with up to three samples.
 */
export function createFigures() {
  const counts: Record<string, Figure> = {};

  function check(name: string, res: LightMyRequestResponse, input = '', kind: 'malformed' | 'valid' = 'malformed') {
    counts[name] ??= {
      tried: 0,
      valid: 0,
      pastValidation: 0,
      s5xx: 0,
      stack: 0,
      badEnvelope: 0,
      statuses: {},
      samples: [],
    };
    const c = counts[name];
    if (kind === 'valid') c.valid++;
    else c.tried++;
    c.statuses[res.statusCode] = (c.statuses[res.statusCode] ?? 0) + 1;
    const bad = (why: string) =>
      c.samples.length < 3 && c.samples.push(`${input.slice(0, 120)} -> ${res.statusCode} ${why}`.trim());
    if (res.statusCode >= 500) {
      c.s5xx++;
      bad(res.body.slice(0, 120));
    }
    if (STACK.test(res.body)) {
      c.stack++;
      bad('stack trace in body');
    }
    let code: unknown;
    if (res.statusCode >= 400) {
      let ok = false;
      try {
        const b = res.json() as { hasError?: unknown; message?: unknown; code?: unknown };
        ok = b.hasError === true && typeof b.message === 'string' && b.message.length > 0;
        code = b.code;
      } catch {}
      if (!ok) {
        c.badEnvelope++;
        bad(`not an error envelope: ${res.body.slice(0, 80)}`);
      }
    }
    if (!(res.statusCode === 400 && code === 'VALIDATION_FAILED')) c.pastValidation++;
  }

  /** Fails the endpoint's own test when any of its answers was a 5xx, leaked a trace or left the envelope. */
  const clean = (name: string) => expect(counts[name]?.samples ?? [], name).toEqual([]);

  /**
   * One `[row 5]` line per endpoint and a total, for the suite to print. FUZZ_STATUSES=1 adds
   * the answers by status under each line (how deep the inputs went).
   */
  function report(seed: number, heading?: string): string {
    const lines = heading ? [`[row 5] ${heading}`] : [];
    for (const [name, c] of Object.entries(counts)) {
      const extra = c.valid ? `, plus ${c.valid} schema-valid hostile inputs` : '';
      lines.push(
        `[row 5] ${name}: malformed inputs ${c.tried}, 5xx ${c.s5xx}, stack traces ${c.stack}, 4xx without envelope ${c.badEnvelope}${extra}`,
      );
      if (process.env.FUZZ_STATUSES) lines.push(`        statuses ${JSON.stringify(c.statuses)}`);
    }
    const all = Object.values(counts);
    const total = all.reduce((n, c) => n + c.tried, 0);
    const valid = all.reduce((n, c) => n + c.valid, 0);
    const past = all.reduce((n, c) => n + c.pastValidation, 0);
    const depth = valid ? `, plus ${valid} schema-valid; ${past} answers came from past schema validation` : '';
    lines.push(`[row 5] endpoints fuzzed: ${all.length}, malformed inputs: ${total}${depth} (fast-check seed ${seed})`);
    return lines.join('\n');
  }

  /** The row's targets: at least `runs` malformed inputs per endpoint (but `exempt`), 0 5xx, 0 traces, 0 bare 4xx. */
  function expectTargets(runs = RUNS, exempt?: RegExp) {
    const small = Object.entries(counts)
      .filter(([n, c]) => c.tried < runs && !exempt?.test(n))
      .map(([n, c]) => `${n}: ${c.tried}`);
    expect(small).toEqual([]);
    const failures = Object.values(counts).reduce((n, c) => n + c.s5xx + c.stack + c.badEnvelope, 0);
    expect(failures, JSON.stringify(Object.values(counts).flatMap((c) => c.samples))).toBe(0);
  }

  /**
   * Sends inputs drawn from `arb`. In `malformed` mode it goes on until `want` of them were
   * malformed by `isMalformed` (the contract's own verdict), recording the ones that happen to be
   * valid apart; in `valid` mode it sends `want` inputs and records each by the same verdict.
   */
  async function fuzz<T>(
    name: string,
    arb: fc.Arbitrary<T>,
    o: {
      send: (x: T) => Promise<LightMyRequestResponse>;
      isMalformed: (x: T) => boolean;
      show?: (x: T) => string;
      want?: number;
      mode?: 'malformed' | 'valid';
    },
  ) {
    const want = o.want ?? RUNS;
    const mode = o.mode ?? 'malformed';
    // Drawn in batches, each from its own seed (the run's seed, the endpoint, the batch), so the
    // inputs are reproducible and only as many are generated as are sent.
    const base = fc.readConfigureGlobal().seed ?? 0;
    let got = 0;
    for (let batch = 0; got < want && batch < 10; batch++) {
      const seed = (base + hashOf(`${name}|${mode}|${batch}`)) | 0;
      for (const x of fc.sample(arb, { numRuns: Math.max(want - got, 10), seed })) {
        if (got >= want) break;
        const malformed = o.isMalformed(x);
        if (mode === 'valid' || malformed) got++;
        const res = await o.send(x);
        check(name, res, o.show?.(x) ?? String(x), malformed ? 'malformed' : 'valid');
      }
    }
  }

  return { counts, check, clean, report, expectTargets, fuzz };
}

/** A small stable hash (FNV-1a) of a label. */
function hashOf(label: string): number {
  let h = 2166136261;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Does any text inside `v` hold a NUL (refused by the API for every route)? */
export const hasNul = (v: unknown): boolean =>
  typeof v === 'string' ? v.includes('\u0000') : v !== null && typeof v === 'object' && Object.values(v).some(hasNul);

/** The contract's verdict on a raw JSON body. */
export function bodyIsMalformed(schema: z.ZodType, raw: string): boolean {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return true;
  }
  return hasNul(v) || !schema.safeParse(v).success;
}

/**
 * The contract's verdict on a query string (repeated keys arrive as arrays, as Fastify parses them).
 * Keys are own properties: `__proto__=x` is an unknown key, as the API sees it, not the object's
 * prototype (which made `sort` read `Array.prototype.sort` and a valid query look malformed).
 */
export function queryIsMalformed(schema: z.ZodType, qs: string): boolean {
  const o: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = Object.hasOwn(o, k) ? o[k] : undefined;
    put(o, k, prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v]);
  }
  return hasNul(o) || !schema.safeParse(o).success;
}

/** The contract's verdict on one path parameter as sent (URI-encoded). */
export function paramIsMalformed(schema: z.ZodType, encoded: string): boolean {
  let text: string;
  try {
    text = decodeURIComponent(encoded);
  } catch {
    return true;
  }
  return hasNul(text) || !schema.safeParse(text).success;
}

/** Values of the wrong type or shape for any field; the constants add each suite's own edge cases. */
export function weirdOf(o: { numbers: readonly number[]; strings: readonly string[] }): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ minLength: 300, maxLength: 3000 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(...o.numbers),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 3 }),
    fc.constantFrom(...o.strings),
  );
}

/** The default hostile values of the campaign and public suites. */
export const weird = weirdOf({
  numbers: [0, -1, 1.5, 2147483648, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY, -0],
  strings: [
    'a\u0000b',
    '\u0000',
    "' or 1=1 --",
    '100%_',
    '{{7*7}}',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(300),
    '2026-02-30',
    '9999-12-31',
    'a@b',
    '\u202e\u200b',
  ],
});

export const POLLUTION = [
  '{"__proto__":{"isAdmin":true,"staffRole":"super_admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"email":"a@b.test","password":"x","__proto__":{"role":"super_admin"}}',
  '{"id":1,"firstName":"A","__proto__":{"polluted":1}}',
];

/** Path and query ids: huge, negative, fractional, hex, text, traversal. */
export const idText = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '1e3',
    '0x10',
    ' 1',
    '1.5',
    'NaN',
    'Infinity',
    '__proto__',
    '%00',
    '..',
    '1;drop table users',
  ),
);

// Arbitraries from the zod contracts ---------------------------------------------------------------

interface Js {
  type?: string;
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  anyOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface SchemaHints {
  /** Real ids for a field (arrays use their own key), mixed with any id in range. */
  ids?: Record<string, () => readonly number[]>;
  /** Ids for id fields not named in `ids`. */
  anyIds?: () => readonly number[];
  /** Replaces the derived arbitrary of a field (e.g. real tokens or slugs). */
  fields?: Record<string, () => fc.Arbitrary<unknown>>;
}

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringArb(js: Js): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = js.maxLength ?? 200;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (js.format === 'email')
    return fc.oneof(fc.emailAddress().filter(fits), fc.constantFrom('family@example.test', 'UP@Example.Test'));
  if (js.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return fc.oneof(isoDate, fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  if (js.pattern) {
    const re = new RegExp(js.pattern);
    return fc.stringMatching(re, { size: 'small' }).filter(fits);
  }
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) }), weight: 4 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, Math.max(min, 20)) }),
      weight: 1,
    },
    // The longest text the schema allows (padded), and text that is only spaces (trimmed to nothing).
    { arbitrary: fc.constant('é'.repeat(Math.min(max, 20000))), weight: 1 },
    { arbitrary: fc.constant(' '.repeat(Math.max(min, 1))), weight: 1 },
  );
}

function fromJs(js: Js, key: string, h: SchemaHints): fc.Arbitrary<unknown> {
  const override = h.fields?.[key];
  if (override && js.type !== 'array') return override();
  if (js.anyOf) return fc.oneof(...js.anyOf.map((s) => fromJs(s, key, h)));
  if (js.enum) return fc.constantFrom(...js.enum);
  if ('const' in js) return fc.constant(js.const);
  switch (js.type) {
    case 'object':
      return objectArb(js, h);
    case 'array': {
      const item = override ?? (() => fromJs(js.items ?? {}, key, h));
      const minLength = js.minItems ?? 0;
      return fc.oneof(
        {
          arbitrary: fc.array(item(), { minLength, maxLength: Math.min(js.maxItems ?? 8, Math.max(minLength, 8)) }),
          weight: 5,
        },
        // As many as allowed: repeats of a few values (duplicates, large IN lists).
        {
          arbitrary: fc
            .array(item(), { minLength: 1, maxLength: 3 })
            .map((few) => Array.from({ length: js.maxItems ?? 50 }, (_, i) => few[i % few.length])),
          weight: minLength > 0 || (js.maxItems ?? 0) > 0 ? 1 : 0,
        },
      );
    }
    case 'integer':
    case 'number': {
      const min = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : -(2 ** 31));
      const max = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : 2 ** 31 - 1);
      const anyInt = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      if (max === DB_ID_MAX) {
        const pool = h.ids?.[key] ?? h.anyIds;
        const real = pool?.() ?? [];
        return real.length ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, anyInt) : anyInt;
      }
      return anyInt;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb(js);
    default:
      return fc.jsonValue();
  }
}

function objectArb(js: Js, h: SchemaHints): fc.Arbitrary<Record<string, unknown>> {
  const props = js.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) shape[k] = fromJs(v, k, h);
  return fc.record(shape, { requiredKeys: (js.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** A value just outside what the field's schema allows: one past a bound, off the pattern, not in the enum. */
function violationOf(js: Js, key: string, h: SchemaHints): fc.Arbitrary<unknown> {
  if (js.anyOf) {
    const branch = js.anyOf.find((b) => b.type !== 'null') ?? {};
    return violationOf(branch, key, h);
  }
  if (js.enum) {
    const allowed = js.enum.map(String);
    return fc.oneof(
      fc.constantFrom(...allowed.map((v) => v.toUpperCase()), ...allowed.map((v) => ` ${v}`)),
      fc.string({ maxLength: 12 }).filter((v) => !allowed.includes(v)),
    );
  }
  const options: fc.Arbitrary<unknown>[] = [];
  switch (js.type) {
    case 'string': {
      if (js.maxLength !== undefined)
        options.push(
          fc
            .string({ minLength: 1, maxLength: 20 })
            .map((x) => x.repeat(Math.ceil((js.maxLength! + 1) / x.length)).slice(0, js.maxLength! + 1)),
        );
      if (js.minLength) options.push(fc.string({ maxLength: js.minLength - 1 }), fc.constant(' '.repeat(js.minLength)));
      if (js.pattern) {
        const re = new RegExp(js.pattern);
        options.push(fc.string({ minLength: 1, maxLength: 30 }).filter((x) => !re.test(x)));
      }
      if (js.format === 'email') options.push(fc.constantFrom('a@b', 'no-at.example.test', 'a@b..test', '@x.test'));
      options.push(fc.integer());
      break;
    }
    case 'integer':
    case 'number': {
      const min = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : undefined);
      const max = js.maximum ?? (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : undefined);
      if (min !== undefined) options.push(fc.constantFrom(min - 1, min - 0.5, -min - 1));
      if (max !== undefined) options.push(fc.constantFrom(max + 1, max * 2 + 1, Number.MAX_SAFE_INTEGER + 2));
      options.push(fc.double({ noInteger: true }), fc.constantFrom('1', '', 'NaN', Number.NaN));
      break;
    }
    case 'array': {
      const item = () => fromJs(js.items ?? {}, key, h);
      if (js.minItems) options.push(fc.constant([]));
      if (js.maxItems !== undefined) options.push(item().map((x) => Array.from({ length: js.maxItems! + 1 }, () => x)));
      options.push(fc.array(violationOf(js.items ?? {}, key, h), { minLength: 1, maxLength: 3 }));
      options.push(item());
      break;
    }
    case 'boolean':
      options.push(fc.constantFrom('true', 1, 0, 'yes'));
      break;
    case 'object':
      options.push(fc.constantFrom('x', 1, []));
      break;
    default:
      options.push(fc.constant({}));
  }
  return fc.oneof(...options);
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js;

/**
 * Schema-valid values (but for refinements such as real dates or date order) with the hinted ids:
 * half with a random choice of the optional fields, half with every field (so calls whose
 * optional fields are required together, such as a new account's names and password, go through).
 */
export function validFrom(schema: z.ZodType, hints: SchemaHints = {}) {
  const js = jsonSchemaOf(schema);
  return fc.oneof(objectArb(js, hints), objectArb({ ...js, required: Object.keys(js.properties ?? {}) }, hints));
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'role', 'staffRole', 'userId', 'organizationId', 'id', 'extra'];

/** Sets `key` as an own property, so `__proto__` is serialised like any other key. */
function put(o: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
}

/**
 * A schema-valid value broken in one to three places: a field of the wrong type or shape, a
 * required field left out, or a key the schema does not know (a strict object refuses it).
 */
export function nearlyValidFrom(schema: z.ZodType, hints: SchemaHints = {}, bad = weird) {
  const js = jsonSchemaOf(schema);
  const keys = Object.keys(js.properties ?? {});
  const required = (js.required ?? []).filter((k) => keys.includes(k));
  type Mutation = ['set' | 'drop' | 'add', string, unknown];
  const props = js.properties ?? {};
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { arbitrary: fc.tuple(fc.constant('set' as const), fc.constantFrom(...keys), bad), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(...keys)
        .chain((k) => fc.tuple(fc.constant('set' as const), fc.constant(k), violationOf(props[k] ?? {}, k, hints))),
      weight: 2,
    },
    { arbitrary: fc.tuple(fc.constant('add' as const), fc.constantFrom(...EXTRA_KEYS), bad), weight: 1 },
  ];
  if (required.length)
    mutations.push({
      arbitrary: fc.tuple(fc.constant('drop' as const), fc.constantFrom(...required), fc.constant(null)),
      weight: 1,
    });
  const mutation = fc.oneof(...mutations);
  return fc.tuple(objectArb(js, hints), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([valid, ms]) => {
    const o: Record<string, unknown> = { ...valid };
    for (const [op, key, value] of ms) {
      if (op === 'drop') delete o[key];
      else put(o, key, value);
    }
    return o;
  });
}

/** Looser bodies: the endpoint's keys with wrong types, any JSON, raw text, pollution payloads. */
export function looseBodies(keys: string[], bad = weird): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: fc
        .dictionary(fc.constantFrom(...keys, 'role', 'extra'), bad, { maxKeys: keys.length + 1 })
        .map((o) => JSON.stringify(o)),
      weight: 4,
    },
    { arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    { arbitrary: fc.string(), weight: 1 },
    { arbitrary: fc.constantFrom(...POLLUTION), weight: 1 },
    { arbitrary: fc.json({ maxDepth: 6 }), weight: 1 },
  );
}

/** Malformed JSON bodies for a contract: mostly nearly valid, the rest loose. */
export function malformedBodies(schema: z.ZodType, hints: SchemaHints = {}): fc.Arbitrary<string> {
  const keys = Object.keys(jsonSchemaOf(schema).properties ?? {});
  return fc.oneof(
    { arbitrary: nearlyValidFrom(schema, hints).map((o) => JSON.stringify(o)), weight: 3 },
    { arbitrary: looseBodies(keys), weight: 2 },
  );
}

/** Serialises a query object (arrays repeat the key). */
export function queryString(o: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

/** Malformed query strings for a contract: nearly valid ones, odd text in its keys, repeated keys. */
export function malformedQueries(schema: z.ZodType, hints: SchemaHints = {}): fc.Arbitrary<string> {
  const keys = Object.keys(jsonSchemaOf(schema).properties ?? {});
  const text = fc.oneof(idText, fc.string({ maxLength: 400 }), fc.constantFrom('a\u0000b', '%', '_', "'", '[]', ''));
  return fc.oneof(
    { arbitrary: nearlyValidFrom(schema, hints, text).map(queryString), weight: 3 },
    {
      arbitrary: fc
        .dictionary(fc.constantFrom(...keys, '__proto__', 'x'), fc.oneof(text, fc.array(text, { maxLength: 3 })), {
          minKeys: 1,
          maxKeys: 5,
        })
        .map(queryString),
      weight: 2,
    },
  );
}

/** Schema-valid query strings with the hinted ids. */
export const validQueries = (schema: z.ZodType, hints: SchemaHints = {}) => validFrom(schema, hints).map(queryString);

/** An address the contracts accept (unique enough for the suites' pools). */
export const testEmail = () => fc.stringMatching(/^[a-z][a-z0-9]{0,11}@example\.test$/);
/** A slug the contracts accept. */
export const testSlug = () => fc.stringMatching(/^[a-z][a-z0-9-]{2,20}[a-z0-9]$/);

/** JSON bodies for a contract: schema-valid with the hinted values, or malformed. */
export const bodiesOf = (schema: z.ZodType, hints: SchemaHints, valid: boolean): fc.Arbitrary<string> =>
  valid ? validFrom(schema, hints).map((o) => JSON.stringify(o)) : malformedBodies(schema, hints);
/** Query strings for a contract: schema-valid with the hinted values, or malformed. */
export const queriesOf = (schema: z.ZodType, hints: SchemaHints, valid: boolean): fc.Arbitrary<string> =>
  valid ? validQueries(schema, hints) : malformedQueries(schema, hints);

// Whole-request fuzzing --------------------------------------------------------------------------

/** One request of a fuzz run, with the contract's verdict on every part of it. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string;
  malformed: boolean;
}

/** What `reads` return, as text: a suite's tables, which a refused write must leave as they were. */
export const snapshotOf = async (db: Db, reads: SQL[]) =>
  JSON.stringify(await Promise.all(reads.map((q) => rows(db, q))));

/** A header value Node refuses to send is not an input to the API. */
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * The request harness of the suites that fuzz whole requests (bodies, query strings, path ids,
 * secrets in headers). Every request comes from its own address, so the per-address throttles do
 * not answer for the validation. Besides the figures' checks (no 5xx, no trace, every 4xx an
 * envelope), each endpoint's test fails when:
 * - a malformed input (any method) is not refused with a 4xx, or is a 400 validation failure that
 *   names no field (the framework's own refusals, e.g. a body that is not JSON, have none to name);
 * - a malformed write (any method but GET) changed what `snapshot` reads (the suite's tables);
 * - a schema-valid input got a 5xx.
 */
export function createRequestFuzzer<R extends FuzzRequest>(o: {
  figures: ReturnType<typeof createFigures>;
  /** The app's inject, e.g. `(r) => t.app.inject(r)` (the app is built in `beforeAll`). */
  inject: Caller;
  /** The first two octets of the requests' addresses. */
  ipPrefix: string;
  /** The request's headers besides the content type (authorization, secrets). */
  headers?: (r: R) => Record<string, string | undefined>;
  /** What a refused write must leave as it was, as text. */
  snapshot?: () => Promise<string>;
  /** Schema-valid inputs per endpoint. */
  validRuns?: number;
  show?: (r: R) => string;
}) {
  let ipSeq = 0;
  const nextIp = () => `${o.ipPrefix}.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;
  const notRefused: string[] = [];
  const headersOf = (r: R) => {
    const h: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.headers?.(r) ?? {})) if (v !== undefined) h[k] = v;
    return h;
  };
  const sendable = (r: R) => Object.values(headersOf(r)).every((v) => !UNSENDABLE.test(v));
  const show = o.show ?? ((r: R) => `${r.url} ${r.payload ?? ''}`);

  async function send(r: R): Promise<LightMyRequestResponse> {
    const write = r.malformed && r.method !== 'GET' && o.snapshot !== undefined;
    const before = write ? await o.snapshot!() : '';
    const res = await o.inject({
      method: r.method,
      url: r.url,
      remoteAddress: nextIp(),
      ...(r.payload !== undefined ? { payload: r.payload } : {}),
      headers: { ...(r.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headersOf(r) },
    });
    const what = `${r.method} ${show(r).slice(0, 160)}`;
    if (r.malformed) {
      let b: { code?: unknown; errors?: { path?: unknown }[] } = {};
      if (res.statusCode === 400)
        try {
          b = res.json();
        } catch {}
      const named = b.code !== 'VALIDATION_FAILED' || Boolean(b.errors?.[0]?.path);
      if (res.statusCode < 400 || res.statusCode >= 500 || !named) notRefused.push(`${what} -> ${res.statusCode}`);
      if (write && (await o.snapshot!()) !== before) notRefused.push(`${what} changed the tables`);
    } else if (res.statusCode >= 500) notRefused.push(`${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  }

  /** `RUNS` malformed requests from `malformedArb`, then `validRuns` from `validArb`, then the verdict. */
  async function fuzzRequests(name: string, malformedArb: fc.Arbitrary<R>, validArb?: fc.Arbitrary<R>) {
    const f = { send, isMalformed: (r: R) => r.malformed, show };
    notRefused.length = 0;
    await o.figures.fuzz(name, malformedArb.filter(sendable), f);
    if (validArb)
      await o.figures.fuzz(name, validArb.filter(sendable), { ...f, want: o.validRuns ?? 20, mode: 'valid' });
    expect(
      notRefused.slice(0, 3),
      `${name}: malformed input not refused with a 4xx naming the field, a refused write changed something, or valid input got a 5xx`,
    ).toEqual([]);
    o.figures.clean(name);
  }

  return { send, fuzzRequests };
}
