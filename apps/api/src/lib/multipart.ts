/** Reads the single uploaded file of a multipart request (field `file`) into memory, size-capped. */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export async function readUploadedFile(req: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
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
