/** RELIABILITY row 14: hostile uploads are refused and stored nowhere; photos lose their EXIF (GPS). */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { users } from '@fc/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, multipart, smallPng } from './fixtures.js';
import { actor, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let me: Awaited<ReturnType<typeof actor>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await actor(t, { profiles: ['fundraiser'] });
});
afterAll(async () => t.close());

const upload = (body: { payload: Buffer; headers: Record<string, string> }) =>
  me.call({ method: 'POST', url: '/api/v1/upload-avatar', ...body });
const avatarOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.avatarUrl;

/** A real PNG whose IHDR then claims width × height (CRC fixed, so only the size is a lie). */
async function pixelFlood(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A compressible PNG that really is 8000 × 6000 (48 Mpx, above the decoder limit) yet small on disk. */
async function bigRealPng() {
  return sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
    .greyscale()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

describe('hostile uploads', () => {
  it('are refused with a clear 4xx and store nothing', async () => {
    const png = await smallPng();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
    );
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const big = await bigRealPng();
    const cases: Record<string, { body: ReturnType<typeof multipart>; status: number; message: RegExp }> = {
      'oversize (2.5 MB)': {
        body: multipart(Buffer.concat([png, randomBytes(2.5 * 1024 * 1024)])),
        status: 413,
        message: /larger than 2 MB/,
      },
      'truncated PNG': {
        body: multipart(png.subarray(0, Math.floor(png.length / 2))),
        status: 400,
        message: /could not be read/,
      },
      'HTML named .png': {
        body: multipart(html, 'avatar.png', 'image/png'),
        status: 400,
        message: /JPEG, PNG or WebP/,
      },
      'SVG with script': {
        body: multipart(svg, 'avatar.svg', 'image/svg+xml'),
        status: 400,
        message: /JPEG, PNG or WebP/,
      },
      'SVG named .png': { body: multipart(svg, 'avatar.png', 'image/png'), status: 400, message: /JPEG, PNG or WebP/ },
      'GIF/JS polyglot': {
        body: multipart(Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.domain)//'), 'a.gif', 'image/gif'),
        status: 400,
        message: /JPEG, PNG or WebP/,
      },
      'JPEG header + HTML polyglot': {
        body: multipart(Buffer.concat([jpegHead, html]), 'a.jpg', 'image/jpeg'),
        status: 400,
        message: /could not be read/,
      },
      'pixel flood (IHDR 30000×30000)': {
        body: multipart(await pixelFlood(30000, 30000)),
        status: 400,
        message: /too large|could not be read/,
      },
      'pixel flood (IHDR 100000×100000)': {
        body: multipart(await pixelFlood(100000, 100000)),
        status: 400,
        message: /too large|could not be read/,
      },
      'decompression bomb (real 8000×6000 PNG)': {
        body: multipart(big),
        status: 400,
        message: /too large|could not be read/,
      },
      'path traversal name with HTML': {
        body: multipart(html, '../../evil.png', 'image/png'),
        status: 400,
        message: /JPEG, PNG or WebP/,
      },
      'empty file': { body: multipart(Buffer.alloc(0)), status: 400, message: /JPEG, PNG or WebP/ },
      'wrong field name': { body: multipart(png, 'a.png', 'image/png', 'image'), status: 400, message: /field "file"/ },
      'not multipart': {
        body: { payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } },
        status: 400,
        message: /multipart/,
      },
    };
    const filesBefore = filesUnder(t.app.files.root);
    const avatarBefore = await avatarOf(me.user.id);
    let stored = 0;
    const wrong: string[] = [];
    for (const [name, c] of Object.entries(cases)) {
      const res = await upload(c.body);
      const body = res.json() as { hasError?: boolean; message?: string };
      if (res.statusCode === 200) stored++;
      if (res.statusCode !== c.status || body.hasError !== true || !c.message.test(body.message ?? ''))
        wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    const filesAfter = filesUnder(t.app.files.root);
    stored += filesAfter.length - filesBefore.length;
    if ((await avatarOf(me.user.id)) !== avatarBefore) stored++;
    const outside = [path.resolve(t.app.files.root, '../../evil.png'), path.resolve(t.app.files.root, '../evil.png')];
    stored += outside.filter((p) => existsSync(p)).length;
    console.log(`[row 14] hostile uploads tried: ${Object.keys(cases).length}, stored: ${stored}`);
    expect(wrong).toEqual([]);
    expect(stored).toBe(0);
  }, 60_000);

  it('stores a valid image sent with a path-traversal name under our own name only', async () => {
    const before = filesUnder(t.app.files.root);
    const res = await upload(multipart(await smallPng(), '../../../etc/evil.png'));
    expect(res.statusCode).toBe(200);
    const added = filesUnder(t.app.files.root).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^avatars\/u\d+-[a-z0-9x]{16}\.webp$/);
    expect(res.body).not.toContain('evil');
    expect(existsSync(path.resolve(t.app.files.root, '../../../etc/evil.png'))).toBe(false);
  });
});

describe('photo metadata', () => {
  it('drops EXIF (GPS included) from an uploaded JPEG', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Camera 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4644/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 58/1 5600/100',
        },
      })
      .jpeg()
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.length ?? 0).toBeGreaterThan(0);
    expect(input.exif!.toString('latin1')).toContain('PhoneCo');
    let gpsKept = 0;
    const res = await upload(multipart(jpeg, 'IMG_0001.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(t.app.files.root, (res.json().data.avatar as string).replace('/files/', ''));
    const out = await sharp(file).metadata();
    if (out.exif) gpsKept++;
    console.log(`[row 14] photos with GPS EXIF uploaded: 1, GPS kept: ${gpsKept}`);
    expect(out.format).toBe('webp');
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.iptc).toBeUndefined();
    expect(gpsKept).toBe(0);
  });
});
