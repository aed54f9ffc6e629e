import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SPA_PAGES } from '@shared/spa-pages';
import { startTestGateway } from '../support/gateway';

/**
 * `LOCAL_WEB=static` serves the built app as CloudFront does: brotli when the browser takes it,
 * else gzip, text files of 1,000 bytes and more only, `Vary: Accept-Encoding`, and assets cached
 * for good while the page is revalidated.
 */
const dist = mkdtempSync(join(tmpdir(), 'quiz-static-web-'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `クイズ${i}`))};\n`;
const page = `<!doctype html><html lang="ja"><head><title>みんなのクイズ</title></head><body>${'<p>本文</p>'.repeat(100)}</body></html>`;
const homePage = page.replace('<body>', '<body><h1>知識を試そう。</h1>');
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, SPA_PAGES.app), page);
  writeFileSync(join(dist, SPA_PAGES.home), homePage);
  writeFileSync(join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(join(dist, 'assets/tiny-abc123.js'), 'export {};\n');
  gateway = await startTestGateway({ web: 'static', webDist: dist });
});
afterAll(async () => {
  await gateway?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
const get = (path: string, acceptEncoding?: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${gateway.url}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the built app, served compressed like CloudFront', () => {
  it('answers brotli to a browser that takes it, gzip to one that takes only gzip, and plain otherwise', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses the page of every route, and leaves files under 1,000 bytes as they are', async () => {
    const route = await get('/quiz/some-id', 'br');
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.body).toString()).toBe(page);
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it("answers home with its own page (its hero painted before any script) and every other route with the app's", async () => {
    expect((await get('/')).body.toString()).toBe(homePage);
    expect((await get('/?q=1')).body.toString()).toBe(homePage);
    expect((await get('/quiz-search')).body.toString()).toBe(page);
    expect((await get('/quiz/some-id')).body.toString()).toBe(page);
  });
});
