/**
 * Images of users (avatars), nodes and campaigns (logos) and players (photos): one upload step
 * and one life cycle for all of them (decision 005).
 *
 * Upload (RELIABILITY row 14): the bytes must be a real JPEG, PNG or WebP (magic bytes, not the
 * client's content type), decodable within a pixel limit, and are re-encoded to a 256×256 WebP,
 * which drops every metadata block (EXIF GPS included). The stored name is ours.
 *
 * Life cycle: an image is public for as long as its owner shows it. When it is replaced, or its
 * owner is deleted, the old file is deleted too, after the database change has committed (a
 * failed change must not lose the file still in use) and idempotently (a file already gone is fine).
 */
import type { Db, Tx } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { FileStore } from '../providers/files/files.js';
import { randomToken } from './crypto.js';
import { badRequest, notFound } from './errors.js';
import { readUploadedFile } from './multipart.js';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MAX_PIXELS = 40_000_000;

const invalid = (message: string) => badRequest('INVALID_IMAGE', message, [{ path: 'body.file', message }]);

/**
 * How an image is shaped: `square` (avatars, logos of nodes and campaigns, photos) is cropped to
 * 256×256; `inside` (sponsorship images and sponsors' logos, decision 019) is kept whole, scaled
 * down to fit 800×400 with its aspect ratio (never enlarged, never cropped).
 */
export type ImageFit = 'square' | 'inside';

export async function processImage(data: Buffer, fit: ImageFit = 'square'): Promise<Buffer> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ALLOWED.has(type.mime)) throw invalid('Upload a JPEG, PNG or WebP image.');
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(
        fit === 'square'
          ? { width: 256, height: 256, fit: 'cover' }
          : { width: 800, height: 400, fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid('This image could not be read. It may be damaged or too large.');
  }
}

/** A random, unguessable storage key for a re-encoded image, e.g. `avatars/u12-3kq….webp`. */
export type ImageFolder = 'avatars' | 'logos' | 'sponsorships';

export const imageKey = (folder: ImageFolder, owner: string) =>
  `${folder}/${owner}-${randomToken()
    .slice(0, 16)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}.webp`;

/**
 * The upload step of every image route: read the multipart file within the size limit, check
 * and re-encode it, store it under a fresh key, and return its public URL.
 */
export async function storeUploadedImage(
  req: FastifyRequest,
  files: FileStore,
  folder: ImageFolder,
  owner: string,
  fit: ImageFit = 'square',
): Promise<string> {
  const image = await processImage(await readUploadedFile(req, IMAGE_MAX_BYTES, 'image'), fit);
  return files.put(imageKey(folder, owner), image, 'image/webp');
}

/** Each kind of image owner: its table and the column holding the image's URL. */
const OWNERS = {
  user: ['users', 'avatar_url'],
  player: ['players', 'avatar_url'],
  organization: ['organizations', 'logo_url'],
  campaign: ['campaigns', 'logo_url'],
  affiliate: ['affiliates', 'avatar_url'],
} as const;
export type ImageOwner = keyof typeof OWNERS;

type Rows<T> = { rows: T[] };

/**
 * Points an owner at `url` (null: no image) and returns the URL it replaced (undefined: no such
 * row), under a row lock so two uploads at once each see the other's file as the one replaced.
 */
export async function swapImage(
  db: Db | Tx,
  owner: ImageOwner,
  id: number,
  url: string | null,
): Promise<string | null | undefined> {
  const [table, column] = OWNERS[owner].map((n) => sql.identifier(n));
  const res = (await db.execute(
    sql`with old as (select id, ${column} as url from ${table} where id = ${id} for update)
      update ${table} t set ${column} = ${url}, updated_at = now() from old where t.id = old.id
      returning old.url`,
  )) as unknown as Rows<{ url: string | null }>;
  const row = res.rows[0];
  return row ? row.url : undefined;
}

/**
 * Deletes the files behind URLs that no row uses any more. Call it after the commit that let
 * them go. A failure is logged, never thrown: the owner's change has already happened.
 */
export async function discardImages(app: FastifyInstance, urls: Iterable<string | null | undefined>): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url) continue;
    try {
      await app.files.remove(url);
    } catch (err) {
      app.log.error({ err, url }, 'could not delete a replaced image');
    }
  }
}

/**
 * Stores an uploaded image as the owner's new one: the old file goes once the row points at the
 * new one; if the row could not be changed (owner gone, database error), the new file goes.
 */
export async function replaceImage(app: FastifyInstance, owner: ImageOwner, id: number, url: string) {
  let old: string | null | undefined;
  try {
    old = await swapImage(app.db, owner, id, url);
  } catch (err) {
    await discardImages(app, [url]);
    throw err;
  }
  if (old === undefined) {
    await discardImages(app, [url]);
    throw notFound();
  }
  if (old !== url) await discardImages(app, [old]);
  return url;
}

/**
 * A player's photo is shown wherever an organization lists them (rosters, campaign pages). Once
 * they are on none, the player has been removed from every organization: the photo of a child
 * no one lists any more is not kept public. Returns the URLs let go, for `discardImages`.
 */
export async function releaseUnlistedPlayerPhotos(db: Db | Tx, playerIds: number[]): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const ids: SQL = sql.join(
    playerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = (await db.execute(
    sql`with old as (
        select pl.id, pl.avatar_url as url from players pl
        where pl.id in (${ids}) and pl.avatar_url is not null
          and not exists (select 1 from organization_fundraisers xof where xof.player_id = pl.id)
          and not exists (select 1 from campaign_fundraisers cf where cf.player_id = pl.id)
        for update)
      update players t set avatar_url = null, updated_at = now() from old where t.id = old.id
      returning old.url`,
  )) as unknown as Rows<{ url: string }>;
  return res.rows.map((r) => r.url);
}
