/**
 * Avatar images (RELIABILITY row 14): the bytes must be a real JPEG, PNG or WebP (magic bytes,
 * not the client's content type), decodable within a pixel limit, and are re-encoded to a
 * 256×256 WebP, which drops every metadata block (EXIF GPS included). The stored name is ours.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { randomToken } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { readUploadedFile } from '../../lib/multipart.js';
import type { FileStore } from '../../providers/files/files.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MAX_PIXELS = 40_000_000;

const invalid = (message: string) => badRequest('INVALID_IMAGE', message, [{ path: 'body.file', message }]);

export async function processAvatar(data: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ALLOWED.has(type.mime)) throw invalid('Upload a JPEG, PNG or WebP image.');
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid('This image could not be read. It may be damaged or too large.');
  }
}

/** A random, unguessable storage key for a re-encoded image, e.g. `avatars/u12-3kq….webp`. */
export const imageKey = (folder: 'avatars' | 'logos', owner: string) =>
  `${folder}/${owner}-${randomToken()
    .slice(0, 16)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}.webp`;

/**
 * The whole upload step of every image route (user avatars, logos, player photos): read the
 * multipart file within the size limit, check and re-encode it, store it under a fresh key, and
 * return its public URL.
 */
export async function storeUploadedImage(
  req: FastifyRequest,
  files: FileStore,
  folder: 'avatars' | 'logos',
  owner: string,
): Promise<string> {
  const image = await processAvatar(await readUploadedFile(req, AVATAR_MAX_BYTES, 'image'));
  return files.put(imageKey(folder, owner), image, 'image/webp');
}
