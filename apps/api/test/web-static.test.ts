import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newPGlite, openDatabase } from '@fc/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testEnv } from './helpers.js';

/** The built web app as the server hands it out: shells never cached, hashed assets for a year, no build metadata. */
describe('web build served by the API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'fc-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"secret":"build"}');
    const site = mkdtempSync(path.join(os.tmpdir(), 'fc-site-'));
    mkdirSync(path.join(site, '.vite'));
    writeFileSync(path.join(site, 'home-XyZ789.js'), 'console.log(2)');
    writeFileSync(path.join(site, '.vite', 'manifest.json'), '{"secret":"site build"}');
    const database = await openDatabase({ pglite: newPGlite(), migrate: false });
    app = await buildApp({ env: testEnv({ WEB_DIST: dist, SITE_DIST: site }), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the shell for client routes, revalidated on every visit', async () => {
    // A console route (public pages answer with their data's status: test/site-*.test.ts; this
    // app's database has no tables).
    const res = await app.inject({ url: '/orgs/teams/list', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  // The root is the server-rendered home page now (test/site-rendered.test.ts).
  it("serves the public site's island bundles as immutable for a year, and never its manifest", async () => {
    const res = await app.inject({ url: '/assets/site/home-XyZ789.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ url: '/assets/site/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('secret');
  });

  it('never serves the build manifest', async () => {
    const res = await app.inject({ url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret');
  });
});
