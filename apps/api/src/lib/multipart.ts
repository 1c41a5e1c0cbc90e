/**
 * Uploads: a route that reads a file declares it in `config.upload` (what the file is, its types,
 * its size limit). The declaration is what the OpenAPI document shows as the route's
 * `multipart/form-data` request body (plugins/openapi.ts), and `readUploadedFile` refuses to read
 * a file for a route that did not declare one, so an upload cannot go undocumented.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export interface UploadSpec {
  /** What the field `file` holds, for the API's readers. */
  description: string;
  /** The media types accepted (checked on the bytes by the route, not on the client's header). */
  mediaTypes: readonly string[];
  maxBytes: number;
  /** Other form fields of the request, by name: their description (text fields). */
  fields?: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart upload (field `file`): documented and required by readUploadedFile. */
    upload?: UploadSpec;
  }
}

/** Every image route (avatars, logos, players' photos): re-encoded to a 256×256 WebP without metadata. */
export const IMAGE_UPLOAD: UploadSpec = {
  description:
    'The image: JPEG, PNG or WebP (checked on its bytes), stored re-encoded as a 256×256 WebP without metadata.',
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
};

/** Sponsorship images and sponsors' logos: kept whole (decision 019), not cropped to a square. */
export const WHOLE_IMAGE_UPLOAD: UploadSpec = {
  description:
    'The image: JPEG, PNG or WebP (checked on its bytes), stored re-encoded as a WebP without metadata, ' +
    'scaled to fit inside 800×400 with its proportions kept (never cropped).',
  mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
};

/** Reads the single uploaded file of a multipart request (field `file`) into memory, size-capped. */
export async function readUploadedFile(req: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
  const declared = req.routeOptions.config.upload;
  if (declared?.maxBytes !== maxBytes)
    throw new Error(
      `Route ${req.method} ${req.routeOptions.url} reads an upload of ${maxBytes} bytes at most but declares ` +
        `${declared ? `${declared.maxBytes}` : 'no config.upload'} (lib/multipart.ts)`,
    );
  const limit = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  if (!req.isMultipart())
    throw badRequest('MULTIPART_REQUIRED', `Send the ${what} as multipart/form-data in the field "file".`);
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (file?.fieldname !== 'file')
    throw badRequest('FILE_REQUIRED', `Attach the ${what} in the field "file".`, [
      { path: 'body.file', message: 'Required' },
    ]);
  try {
    return await file.toBuffer();
  } catch {
    throw new AppError(413, 'FILE_TOO_LARGE', `The ${what} is larger than ${limit}.`, [
      { path: 'body.file', message: `Larger than ${limit}` },
    ]);
  }
}
