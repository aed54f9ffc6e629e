import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, localSecurityHeaders } from '@shared/security-headers';
import { startTestGateway } from '../support/gateway';
import { rawRequest } from '../support/raw-http';

/**
 * Local answers carry the security headers CloudFront adds in AWS (one definition for both):
 * API answers, the SPA's page and the files Vite serves. The Vite page's scripts get a fresh
 * nonce per answer (development only; the built SPA has no inline script).
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway({ web: 'vite' });
});
afterAll(() => gateway?.stop());

describe('security headers on local answers', () => {
  const expectSecurityHeaders = (headers: Headers, what: string) => {
    for (const [name, value] of Object.entries(localSecurityHeaders())) {
      if (name === 'content-security-policy') continue;
      expect(headers.get(name), `${what}: ${name}`).toBe(value);
    }
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  };

  /** The policy the gateway sends: the deployed one, with the page's own WebSocket origin. */
  const localPolicy = () => contentSecurityPolicy({ webSocketOrigin: `ws://${new URL(gateway.url).host}` });

  it('sends them with API answers, errors included, over what a function sets', async () => {
    for (const path of ['/api/categories', '/api/no-such-route']) {
      const answer = await fetch(`${gateway.url}${path}`);
      expectSecurityHeaders(answer.headers, path);
      expect(answer.headers.get('content-security-policy')).toBe(localPolicy());
    }
  });

  it('names only its own origin and WebSocket endpoint in connect-src, as the host asked for', async () => {
    const port = Number(new URL(gateway.url).port);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await rawRequest(
        port,
        `GET /api/categories HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      const connect = /(?:^|; )connect-src ([^;]*)/.exec(answer.headers['content-security-policy']!)?.[1];
      expect(connect).toBe(`'self' ws://${host}`);
    }
  });

  it('sends them with the SPA page, with a fresh nonce for the scripts Vite adds in development', async () => {
    const nonces = [];
    for (let count = 0; count < 2; count++) {
      const answer = await fetch(`${gateway.url}/login`);
      expectSecurityHeaders(answer.headers, '/login');
      const policy = answer.headers.get('content-security-policy')!;
      const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      const html = await answer.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends them with modules and files', async () => {
    for (const path of ['/src/main.tsx', '/favicon.svg']) {
      const answer = await fetch(`${gateway.url}${path}`);
      expectSecurityHeaders(answer.headers, path);
      expect(answer.headers.get('content-security-policy')).toBe(localPolicy());
    }
  });
});
