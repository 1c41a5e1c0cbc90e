/**
 * Issue 12: the published OpenAPI shows the multipart body of every route that takes a file
 * (imports and image uploads). The routes come from their own declarations (`config.upload`),
 * and a route that reads a file without one stops the boot or fails, so none goes undocumented.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUploadedFile } from '../src/lib/multipart.js';
import { uploadRoutes } from '../src/plugins/openapi.js';
import { bootWith, createTestApp, type TestApp } from './helpers.js';

interface FormBody {
  schema?: { type?: string; required?: string[]; properties?: Record<string, Record<string, unknown>> };
  encoding?: Record<string, { contentType?: string }>;
}
type Operation = { requestBody?: { content?: Record<string, FormBody> } };
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDoc;
});
afterAll(async () => t.close());

const toOpenApi = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const key = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

describe('OpenAPI of uploads', () => {
  it('documents the multipart/form-data body (binary file, its types) of every route that declares an upload', () => {
    const routes = [...new Map(uploadRoutes.map((r) => [key(r.method, r.url), r])).values()];
    // The imports (players, rosters, divisions) and the images (avatar, logos, player photo).
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/divisions/:id/player_import',
        '/api/v1/team/:id/roster_import',
        '/api/v1/team/:id/division_import',
        '/api/v1/upload-avatar',
        '/api/v1/admin/organization/:id/avatar',
        '/api/v1/admin/campaign/:id/avatar',
        '/api/v1/admin/fundraiser/:id/avatar',
      ]),
    );
    const undocumented: string[] = [];
    for (const r of routes) {
      const form = doc.paths[toOpenApi(r.url)]?.[r.method.toLowerCase()]?.requestBody?.content?.['multipart/form-data'];
      const file = form?.schema?.properties?.file;
      const ok =
        form?.schema?.type === 'object' &&
        form.schema.required?.includes('file') &&
        file?.type === 'string' &&
        file.format === 'binary' &&
        String(file.description).includes(r.upload.description) &&
        form.encoding?.file?.contentType === r.upload.mediaTypes.join(', ') &&
        !('x-fc-media-types' in file);
      if (!ok) undocumented.push(key(r.method, r.url));
    }
    console.log(
      `[issue 12] upload routes: ${routes.length}, documented as multipart: ${routes.length - undocumented.length}`,
    );
    expect(undocumented).toEqual([]);
    // An import names its template's columns; an image its accepted types.
    const roster = doc.paths['/api/v1/team/{id}/roster_import']?.post?.requestBody?.content?.['multipart/form-data'];
    expect(roster?.schema?.properties?.file?.description).toContain('division,player_first_name');
    expect(roster?.encoding?.file?.contentType).toBe('text/csv');
  });

  it('documents multipart only where a route declares an upload', () => {
    const declared = new Set(uploadRoutes.map((r) => key(r.method, toOpenApi(r.url))));
    const multipart: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        if (op.requestBody?.content?.['multipart/form-data']) multipart.push(key(method, path));
    expect(multipart.sort()).toEqual([...declared].sort());
  });

  it('refuses to boot when a route reads a file without declaring config.upload', async () => {
    const { app, boot } = await bootWith(t, async (i) => {
      i.post(
        '/api/v1/undeclared-upload',
        { config: { policy: 'public' }, schema: { response: { 200: z.object({ bytes: z.number() }) } } },
        async (req) => ({ bytes: (await readUploadedFile(req, 1024, 'file')).length }),
      );
    });
    await expect(boot).rejects.toThrow(/reads an upload but declares no config.upload/);
    await app.close().catch(() => undefined);
  });

  it('refuses to read a file for a route that hides the read from the boot check and declares nothing', async () => {
    const read = (req: Parameters<typeof readUploadedFile>[0]) => readUploadedFile(req, 1024, 'file');
    const { app, boot } = await bootWith(t, async (i) => {
      i.post(
        '/api/v1/indirect-upload',
        { config: { policy: 'public' }, schema: { response: { 200: z.object({ bytes: z.number() }) } } },
        async (req) => ({ bytes: (await Reflect.apply(read, null, [req])).length }),
      );
    });
    await boot;
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'x.csv');
    const body = new Response(form);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/indirect-upload',
      headers: { 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
