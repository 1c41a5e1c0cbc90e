/** Shared bits for the reliability suites: multipart bodies, images, row snapshots. */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Db, users } from '@fc/db';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';

/** A multipart/form-data body with one file part (field name `file` unless given). */
export function multipart(data: Buffer, filename = 'photo.png', contentType = 'image/png', field = 'file') {
  const boundary = `----fc${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let png: Promise<Buffer> | null = null;
/** A small real PNG (64×64, solid colour). */
export function smallPng(): Promise<Buffer> {
  png ??= sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  return png;
}

/** Full rows of the given users, for before/after comparisons. */
export async function userRows(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
}

/** Every file below a folder (relative paths); empty when it does not exist. */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = path.join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}
