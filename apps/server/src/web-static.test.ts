import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** A console build in miniature: index.html and one hashed asset, each with its .br and .gz (as `vite build` writes them). */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-web-'));
const INDEX = '<!doctype html><html><body><div id="root">ZTJ IOT</div></body></html>';
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
for (const [name, text] of [
  ['index.html', INDEX],
  [path.join('assets', 'index-abc123.js'), ASSET],
] as const) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), text);
  fs.writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(text));
  fs.writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(text));
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('console delivery', () => {
  it('sends the precompressed asset the browser accepts, with a long cache for hashed assets', async () => {
    const br = await app.fastify.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 4);

    const gz = await app.fastify.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.fastify.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('serves index.html compressed and never cached', async () => {
    const res = await app.fastify.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
