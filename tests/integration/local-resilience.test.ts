import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { COOKIE_NAMES } from '@shared/api';
import { onFreePort } from '../../scripts/local/ports';
import { startS3, type RunningS3 } from '../../scripts/local/s3';
import { startSes, type RunningSes } from '../../scripts/local/ses';
import { signInAs } from '../support/accounts';
import { startTestGateway } from '../support/gateway';
import { APP_ORIGIN, TestClient } from '../support/http-client';
import { rawGet, rawRequest } from '../support/raw-http';

/**
 * What a client can do to a local service must never reach the process: an oversized WebSocket
 * frame closes that socket with 1009 as API Gateway does, and aborted bodies, reset upgrades and
 * malformed requests cost only their own connection. `npm run dev` stops the whole stack on an
 * uncaught exception or unhandled rejection, so each test also checks that none happened. The
 * services run in this process for that (the shared emulators run in Vitest's main process).
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let s3: RunningS3;
let ses: RunningSes;
let s3Directory: string;
const uncaught: unknown[] = [];
const collect = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', collect);
  process.on('unhandledRejection', collect);
  s3Directory = mkdtempSync(join(tmpdir(), 'quiz-resilience-'));
  [gateway, s3, ses] = await Promise.all([
    startTestGateway(),
    onFreePort((port) => startS3({ port, directory: s3Directory })),
    onFreePort((port) => startSes({ port })),
  ]);
});
afterAll(async () => {
  process.off('uncaughtException', collect);
  process.off('unhandledRejection', collect);
  await Promise.all([gateway?.stop(), s3?.stop(), ses?.stop()]);
  rmSync(s3Directory, { recursive: true, force: true });
});
afterEach(() => {
  expect(uncaught.splice(0)).toEqual([]);
});

const port = () => Number(new URL(gateway.url).port);

/** Writes `head` and part of a body, then resets the connection (a client that vanished mid-upload). */
function cutOff(targetPort: number, head: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(targetPort, '127.0.0.1', () => {
      socket.write(head);
      setImmediate(() => socket.resetAndDestroy());
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

const MULTIPART = 'multipart/form-data; boundary=xyz';
const form = [
  '--xyz\r\nContent-Disposition: form-data; name="key"\r\n\r\nuploads/a.pdf\r\n',
  '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n',
  '--xyz--\r\n',
].join('');

async function openSignedIn(): Promise<WebSocket> {
  const { sessionId } = await signInAs(new TestClient(gateway.url));
  const socket = new WebSocket(gateway.wsUrl, {
    headers: { Origin: APP_ORIGIN, Cookie: `${COOKIE_NAMES.session}=${sessionId}` },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

function ping(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as Record<string, unknown>));
    socket.send(JSON.stringify({ type: 'ping', sentAt: 1 }));
  });
}

/** The gateway still answers the API and a fresh WebSocket. */
async function stillServing() {
  expect((await fetch(`${gateway.url}/api/categories`)).status).toBe(200);
  const socket = await openSignedIn();
  expect(await ping(socket)).toMatchObject({ type: 'pong' });
  socket.close();
}

describe('the local gateway under hostile clients', () => {
  it('closes a socket that sends a frame over 128 KB with 1009 and leaves the others working', async () => {
    const bystander = await openSignedIn();
    const sender = await openSignedIn();
    const closed = new Promise<number>((resolve) => sender.once('close', (code) => resolve(code)));
    sender.on('error', () => undefined); // the client sees the connection end; the close code is what matters
    sender.send(Buffer.alloc(204_800, 'a').toString());
    expect(await closed).toBe(1009);
    expect(await ping(bystander)).toMatchObject({ type: 'pong' });
    bystander.close();
    await stillServing();
  });

  it('takes a frame of exactly 128 KB', async () => {
    const socket = await openSignedIn();
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)),
    );
    const padding = 'a'.repeat(128 * 1024 - JSON.stringify({ type: 'ping', sentAt: 1, pad: '' }).length);
    socket.send(JSON.stringify({ type: 'ping', sentAt: 1, pad: padding }));
    expect(await answer).toMatchObject({ type: 'pong' });
    socket.close();
  });

  it('survives a request whose body is cut off half way', async () => {
    await cutOff(
      port(),
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"`,
    );
    await stillServing();
  });

  it('survives an upgrade that is reset while $connect runs', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port(), '127.0.0.1', () => {
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: localhost\r\nOrigin: ${APP_ORIGIN}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
        );
        setImmediate(() => socket.resetAndDestroy());
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    await stillServing();
  });

  it('refuses an upgrade on any other path instead of leaving it open', async () => {
    const answer = await rawRequest(
      port(),
      `GET /elsewhere HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    expect(answer.status).toBe(404);
    await stillServing();
  });

  it('answers malformed requests and request targets with an error of their own', async () => {
    expect((await rawRequest(port(), 'THIS IS NOT HTTP\r\n\r\n')).status).toBe(400);
    for (const target of ['http://[', '//', '/api/%E0%A4%A', '/@connections/%E0%A4%A']) {
      const answer = await rawGet(port(), target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
    }
    await stillServing();
  });
});

describe('the S3 guard and the SES emulator under hostile clients', () => {
  const s3Port = () => Number(new URL(s3.endpoint).port);
  const s3StillServing = async () => {
    const answer = await fetch(`${s3.endpoint}/some-bucket`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('AccessDenied');
  };

  it('answers a request target it cannot parse with an error', async () => {
    expect((await rawGet(s3Port(), 'http://[')).status).toBeGreaterThanOrEqual(400);
    await s3StillServing();
  });

  it('answers a POST upload to an undecodable bucket name with an error', async () => {
    const answer = await rawRequest(
      s3Port(),
      `POST /%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${Buffer.byteLength(form)}\r\n\r\n${form}`,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    await s3StillServing();
  });

  it('survives uploads cut off half way, checked by the guard or passed to s3rver', async () => {
    await cutOff(
      s3Port(),
      `POST /some-bucket HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${MULTIPART}\r\nContent-Length: 100000\r\n\r\n${form.slice(0, 60)}`,
    );
    await cutOff(
      s3Port(),
      `PUT /some-bucket/key HTTP/1.1\r\nHost: localhost\r\nAuthorization: AWS4-HMAC-SHA256 Credential=x\r\nContent-Length: 100000\r\n\r\nabc`,
    );
    await s3StillServing();
  });

  it('keeps the SES emulator up after requests it cannot read', async () => {
    const sesPort = Number(new URL(ses.endpoint).port);
    expect((await rawGet(sesPort, 'http://[')).status).toBeGreaterThanOrEqual(400);
    const broken = await fetch(`${ses.endpoint}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"Content":',
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    await cutOff(
      sesPort,
      `POST /v2/email/outbound-emails HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"Content":`,
    );
    expect((await fetch(`${ses.endpoint}/store`)).status).toBe(200);
  });
});
