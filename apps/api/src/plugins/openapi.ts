/**
 * The published OpenAPI document (/api/docs, /api/docs/json): routes' zod schemas
 * (fastify-type-provider-zod), plus the `multipart/form-data` request body of every route that
 * reads an upload, built from its `config.upload` (lib/multipart.ts). A route whose handler reads
 * a file without declaring `config.upload` stops the boot, like a route without a policy.
 */
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { UploadSpec } from '../lib/multipart.js';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];
type OpenApiDoc = {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, Record<string, unknown>> } }>>;
};

/** Calls that read a multipart file: the lib's reader and image helper, or @fastify/multipart directly. */
const READS_UPLOAD = /\b(readUploadedFile|storeUploadedImage)\b|\.(file|files|parts|saveRequestFiles)\(/;
const MEDIA_TYPES = 'x-fc-media-types';

/** The JSON schema of an upload's form (documentation only: the handler reads the stream). */
export function uploadBodySchema(upload: UploadSpec) {
  const fields = Object.entries(upload.fields ?? {});
  return {
    type: 'object',
    required: ['file', ...fields.map(([name]) => name)],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: `${upload.description} At most ${upload.maxBytes / 1024 / 1024} MB (${upload.maxBytes} bytes).`,
        [MEDIA_TYPES]: [...upload.mediaTypes],
      },
      ...Object.fromEntries(fields.map(([name, description]) => [name, { type: 'string', description }])),
    },
  };
}

function transform(args: TransformArgs) {
  const config = (args.route as RouteOptions | undefined)?.config;
  const base = jsonSchemaTransform(args);
  // Session-only routes (decision 020) accept a console session's token, not a personal API key.
  const out = config?.sessionOnly ? { ...base, schema: { ...base.schema, security: [{ bearer: [] }] } } : base;
  const upload = config?.upload;
  if (!upload) return out;
  return { ...out, schema: { ...out.schema, consumes: ['multipart/form-data'], body: uploadBodySchema(upload) } };
}

/** OpenAPI 3 says a part's accepted types in `encoding`: move them there from the file's schema. */
const transformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject as OpenApiDoc;
  for (const ops of Object.values(doc.paths ?? {}))
    for (const op of Object.values(ops)) {
      const form = op.requestBody?.content?.['multipart/form-data'];
      const file = (form?.schema as { properties?: { file?: Record<string, unknown> } } | undefined)?.properties?.file;
      if (!form || !file?.[MEDIA_TYPES]) continue;
      form.encoding = { file: { contentType: (file[MEDIA_TYPES] as string[]).join(', ') } };
      delete file[MEDIA_TYPES];
    }
  return document.openapiObject;
};

/** Every route that takes an upload, as its config declares it (module-wide, like the route inventory). */
export const uploadRoutes: { method: string; url: string; upload: UploadSpec }[] = [];

export async function registerOpenApi(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const upload = route.config?.upload;
    if (!upload && READS_UPLOAD.test(String(route.handler)))
      throw new Error(
        `Route ${methods.join(',')} ${route.url} reads an upload but declares no config.upload (lib/multipart.ts)`,
      );
    if (upload) for (const method of methods) uploadRoutes.push({ method, url: route.url, upload });
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FUNDRAISER CONSOLE API',
        version: '1.0.0',
        description: 'Envelope, errors and policies: see docs/ARCHITECTURE.md',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fck_…',
            description: 'A personal API key (/pages/api-key): acts with its owner’s profile; decision 020.',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
