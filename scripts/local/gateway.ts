import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline, type Duplex } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ViteDevServer } from 'vite';
import { contentSecurityPolicy, localSecurityHeaders } from '@shared/security-headers';
import { SPA_PAGES, spaPageFor, withHomeFrame } from '@shared/spa-pages';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers as tableQueueConsumers,
  timeoutSecondsOf,
  streamConsumers as tableStreamConsumers,
  webSocketRoutes,
  type HttpRoute,
  type QueueConsumer,
  type StreamConsumer,
  type WebSocketRoute,
} from '@functions/routes';
import { CLOSE_CODE_HEADER } from '@functions/connections/connection';
import { QUIZ_IMAGE_PATH } from '@shared/quiz-images';
import { openApiDocument } from '../docs/openapi';
import { serveQuizImage } from './quiz-images';

import { startStreamPoller, type StreamPoller } from './streams';
import {
  buildHttpEvent,
  clientAddress,
  compileRoute,
  eventHeaders,
  lambdaContext,
  matchRoute,
  readHttpResult,
  routeIndex,
} from './http-events';

/**
 * The local stand-in for API Gateway (HTTP + WebSocket) and CloudFront's SPA origin (Vite
 * middleware or a built `web/dist`) on the app port, and for the `@connections` management API
 * and SQS delayed delivery to queue consumers on a separate control port that only the functions
 * use. Handlers are the same modules Lambda runs, loaded from the route table. Both listen on
 * 127.0.0.1 only, and nothing a client sends can take the process down: every socket, request
 * and stream error ends at most its own connection.
 */

const ROOT = resolve(import.meta.dirname, '../..');
/** Where the local stack serves the API description (deployed stages do not: docs/decisions.md). */
export const OPENAPI_URL_PATH = '/api/openapi.json';
const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway HTTP API payload limit
/** Lambda's limit on a synchronous invocation's request (the whole event, body base64-encoded). */
const LAMBDA_MAX_REQUEST_BYTES = 6 * 1024 * 1024;

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
const handlerCache = new Map<string, Promise<Handler>>();

export function loadHandler(modulePath: string): Promise<Handler> {
  let loaded = handlerCache.get(modulePath);
  if (!loaded) {
    loaded = import(pathToFileURL(join(ROOT, `${modulePath}.ts`)).href).then(
      (module: { handler?: Handler }) => {
        if (typeof module.handler !== 'function') throw new Error(`${modulePath} does not export a handler`);
        return module.handler;
      },
    );
    handlerCache.set(modulePath, loaded);
  }
  return loaded;
}

const functionNames = new WeakMap<object, string>();

async function invoke(
  settings: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer,
  event: unknown,
  requestId: string = randomUUID(),
  timeoutScale = 1,
): Promise<unknown> {
  const handler = await loadHandler(settings.handler);
  let name = functionNames.get(settings);
  if (!name) functionNames.set(settings, (name = functionIdFor(settings)));
  return handler(event, lambdaContext(name, timeoutSecondsOf(settings) * timeoutScale, requestId));
}

/** Receives of a queue message before it goes to the dead-letter queue (infra: maxReceiveCount). */
const MAX_RECEIVES = 3;
/** The visibility timeout before a failed message comes again (60 s in AWS; shorter locally). */
const REDELIVERY_MS = 2000;

export interface GatewayOptions {
  /** App port (API, WebSocket, web) on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Control port (`@connections`, SQS) on 127.0.0.1; 0 or absent picks a free one. */
  controlPort?: number;
  /**
   * Multiplies every function's timeout (the route table's, as Lambda applies it; 1 when absent).
   * Tests give more: a function's 10 s is a limit a loaded machine reaches while the code is right.
   */
  functionTimeoutScale?: number;
  /** `vite`: dev middleware with HMR; `static`: serve the built SPA; `none`: API only. */
  web: 'vite' | 'static' | 'none';
  /**
   * Vite's dependency cache with `vite`: `shared` (node_modules/.vite, the default, kept between
   * runs of `npm run dev`) or `own`, a folder of this server's, removed when it stops. Two servers
   * starting at once on the shared one race as Vite replaces its folder by renaming it; test files
   * that run side by side take their own.
   */
  viteCache?: 'shared' | 'own';
  /** The built SPA that `static` serves (default `web/dist`). */
  webDist?: string;
  /** Where the pages upload files: the local S3 endpoint (plain HTTP, unlike AWS's). */
  materialsOrigin?: string;
  httpRoutes?: readonly HttpRoute[];
  webSocketRoutes?: readonly WebSocketRoute[];
  queueConsumers?: readonly QueueConsumer[];
  /** The table whose stream feeds the stream consumers (DynamoDB Local); none polled without it. */
  tableStream?: { endpoint: string; tableName: string };
  streamConsumers?: readonly StreamConsumer[];
  /**
   * API calls wait for it (the local stack's seed): the gateway listens before the table is seeded,
   * since its ports make the app's URL, and a demo sign-in in between would fail as a wrong password.
   */
  apiReady?: Promise<void>;
  log?: (line: string) => void;
}

export interface RunningGateway {
  url: string;
  port: number;
  /** Base URL of the `@connections` and SQS emulation (the functions' endpoints). */
  controlUrl: string;
  controlPort: number;
  server: Server;
  controlServer: Server;
  /** Resolves once every change written to the table before the call has reached the stream consumers. */
  streamSettled(): Promise<void>;
  stop(): Promise<void>;
}

/** Every server of the local stack listens here only: nothing on the network may reach it. */
const HOST = '127.0.0.1';
const EMPTY = Buffer.alloc(0);
/** Reason phrases of the statuses `$connect` refuses a socket with. */
const UPGRADE_REFUSALS: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
};

/** API Gateway's WebSocket message limit: a bigger frame closes the connection with 1009. */
const MAX_WEBSOCKET_MESSAGE_BYTES = 128 * 1024;
/** What a client leaving early looks like; not worth a line in the log. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

const clientGone = (error: unknown) => {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  return CLIENT_GONE.has(code ?? '') || message === 'aborted';
};

/** An 'error' listener for a socket, request or stream: the error ends that connection, never the process. */
function connectionError(what: string) {
  return (error: NodeJS.ErrnoException) => {
    if (!clientGone(error)) console.error(`[gateway] ${what}: ${error.message}`);
  };
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  // Requests without a body (most GETs) need no stream reading.
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
    request.resume();
    return Promise.resolve(EMPTY);
  }
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => done(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', fail);
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * The request target as a URL, or null when it is not origin-form (`/path?query`). Parsed the
 * WHATWG way, so `..` and `%2e%2e` segments are resolved before anything looks at the path.
 */
function requestUrl(request: IncomingMessage, base: string): URL | null {
  const target = request.url ?? '/';
  if (!target.startsWith('/')) return null;
  try {
    return new URL(`${base}${target}`);
  } catch {
    return null;
  }
}

const staticTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * What CloudFront compresses (its cache policy with compression on): text types of 1,000 bytes to
 * 10 MB, as brotli when the browser takes it, else gzip.
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);
const COMPRESS_MIN_BYTES = 1000;
const COMPRESS_MAX_BYTES = 10_000_000;

/** The encoding CloudFront would answer with for this `Accept-Encoding`. */
function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => quality?.trim() !== 'q=0')
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** Header names CloudFront's response headers policy sets with `override: true`. */
const SECURITY_HEADER_NAMES = new Set(Object.keys(localSecurityHeaders()));

/** Paths the SPA answers with its page, as CloudFront's viewer-request function decides: no file extension. */
const FILE_EXTENSION = /\.[a-zA-Z0-9]+$/;
/** Vite's own URLs (`/@vite/client`, `/@react-refresh`, `/@fs/…`, `/@id/…`, `/__open-in-editor`). */
const VITE_INTERNAL = /^\/(?:@|__|node_modules\/)/;
/**
 * Never handed out by the dev server, whatever the path: Vite's `server.fs.deny` covers files it
 * reads from disk but not the public folder, and the local data must not leak by any route.
 */
const NEVER_SERVED = /(?:^|\/)(?:\.env[^/]*|[^/]*\.db|\.data|\.git)(?:\/|$)/i;

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const log = options.log ?? (() => undefined);
  const compiled = routeIndex((options.httpRoutes ?? httpRoutes).map(compileRoute));
  const wsRoutes = new Map(
    (options.webSocketRoutes ?? webSocketRoutes).map((route) => [route.routeKey, route]),
  );
  const consumers = new Map(
    (options.queueConsumers ?? tableQueueConsumers).map((consumer) => [consumer.queue, consumer]),
  );
  const sockets = new Map<
    string,
    { socket: WebSocket; connectedAt: Date; lastActiveAt: Date; sourceIp: string; userAgent: string }
  >();
  const timers = new Set<NodeJS.Timeout>();
  /** Function calls still running: stopping waits for them, so none reaches an emulator already stopped. */
  const running = new Set<Promise<unknown>>();
  /** Set when `stop` begins. */
  let stopping = false;
  const timeoutScale = options.functionTimeoutScale ?? 1;
  const call = (settings: Parameters<typeof invoke>[0], event: unknown, requestId: string = randomUUID()) => {
    const called = invoke(settings, event, requestId, timeoutScale);
    running.add(called);
    void called.catch(() => undefined).finally(() => running.delete(called));
    return called;
  };
  /** A delayed call the gateway cancels when it stops. */
  const schedule = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  let vite: ViteDevServer | undefined;
  let ownViteCache: string | undefined;
  /** Vite's `html.cspNonce` (web/vite.config.ts): what the page's nonce attributes say until we set them. */
  let noncePlaceholder = '';
  const webDist = resolve(options.webDist ?? join(ROOT, 'web/dist'));
  let publicUrl = `http://localhost:${options.port}`;
  const materialsOrigin = options.materialsOrigin;
  /**
   * The policy's sources for an answer: the materials bucket, and the page's own WebSocket origin
   * (`ws://` and the host the page was asked for, as CloudFront adds `wss://` and its host).
   */
  const policySources = (request: IncomingMessage) => {
    const host = request.headers.host;
    return {
      ...(materialsOrigin ? { materialsOrigin } : {}),
      ...(host && /^[\w.-]+(?::\d+)?$|^\[[\da-f:]+\](?::\d+)?$/i.test(host)
        ? { webSocketOrigin: `ws://${host}` }
        : {}),
    };
  };
  const webSocketStage = 'ws';

  /** The catch of a request's promise: logged and answered 500, unless the client is gone. */
  const failed = (response: ServerResponse) => (error: unknown) => {
    // A client that left mid-request: nobody to answer.
    if (clientGone(error)) return;
    console.error('[gateway] request failed', error);
    sendJson(response, 500, { message: 'Internal Server Error' });
  };

  let apiDescription: string | undefined;
  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    // The API description of the routes this gateway serves (docs/openapi.json for the route table).
    if (url.pathname === OPENAPI_URL_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      apiDescription ??= JSON.stringify(openApiDocument(options.httpRoutes ?? httpRoutes));
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(apiDescription)),
        'cache-control': 'no-cache',
      });
      return void response.end(request.method === 'HEAD' ? undefined : apiDescription);
    }
    const match = matchRoute(compiled, request.method ?? 'GET', url.pathname);
    if (!match) return sendJson(response, 404, { message: 'Not Found' });
    const body = await readBody(request, MAX_BODY_BYTES);
    if (body === 'too-large') return sendJson(response, 413, { message: 'Request Entity Too Large' });
    const event = buildHttpEvent({
      request,
      url,
      body,
      routeKey: match.compiled.routeKey,
      pathParameters: match.pathParameters,
    });
    // An event Lambda would refuse never reaches the function (only large bodies can make one).
    if (
      body.length > LAMBDA_MAX_REQUEST_BYTES / 2 &&
      Buffer.byteLength(JSON.stringify(event)) > LAMBDA_MAX_REQUEST_BYTES
    )
      return sendJson(response, 413, { message: 'Request Entity Too Large' });
    let result;
    try {
      result = readHttpResult(
        (await call(match.compiled.route, event, event.requestContext.requestId)) as never,
      );
    } catch (error) {
      console.error(`[gateway] ${match.compiled.routeKey} threw`, error);
      return sendJson(response, 500, { message: 'Internal Server Error' });
    }
    if (response.destroyed) return; // the client left while the function ran
    const headers: Record<string, string | string[]> = { 'content-length': String(result.body.length) };
    // CloudFront's policy overrides what the function says about these.
    for (const [name, value] of Object.entries(result.headers))
      if (!SECURITY_HEADER_NAMES.has(name)) headers[name] = value;
    if (result.cookies.length) headers['set-cookie'] = result.cookies;
    response.writeHead(result.statusCode, headers);
    response.end(result.body);
  };

  /** `@connections/{id}`: POST sends, GET describes, DELETE closes (as the management API does). */
  const handleConnections = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const connectionId = decodedPath(url.pathname.slice('/@connections/'.length));
    const entry = sockets.get(connectionId);
    if (!entry || entry.socket.readyState !== entry.socket.OPEN) {
      await readBody(request, MAX_BODY_BYTES);
      return sendJson(response, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
    }
    if (request.method === 'POST') {
      const body = await readBody(request, MAX_WEBSOCKET_MESSAGE_BYTES);
      if (body === 'too-large')
        return sendJson(
          response,
          413,
          { message: 'Message too long' },
          { 'x-amzn-errortype': 'PayloadTooLargeException' },
        );
      entry.socket.send(body.toString('utf8'));
      entry.lastActiveAt = new Date();
      response.writeHead(200).end();
    } else if (request.method === 'GET') {
      sendJson(response, 200, {
        ConnectedAt: entry.connectedAt.toISOString(),
        LastActiveAt: entry.lastActiveAt.toISOString(),
        Identity: { SourceIp: entry.sourceIp, UserAgent: entry.userAgent },
      });
    } else if (request.method === 'DELETE') {
      // API Gateway closes with 1000 whatever the caller wanted; here a function may name its code
      // (docs/decisions.md, "Issue 26: realtime"). A code a server may not send falls back to 1000.
      const code = Number(request.headers[CLOSE_CODE_HEADER] ?? 1000);
      try {
        entry.socket.close(code);
      } catch {
        entry.socket.close(1000);
      }
      response.writeHead(204).end();
    } else {
      sendJson(response, 405, { message: 'Method Not Allowed' });
    }
  };

  /** SQS JSON protocol (`X-Amz-Target: AmazonSQS.SendMessage`): delivers after `DelaySeconds` to the queue's consumer. */
  const handleSqs = async (request: IncomingMessage, response: ServerResponse, target: string) => {
    const raw = await readBody(request, 256 * 1024);
    if (raw === 'too-large')
      return sendJson(response, 400, {
        __type: 'com.amazonaws.sqs#InvalidParameterValue',
        message: 'Message too long',
      });
    let input: { QueueUrl?: string; MessageBody?: string; DelaySeconds?: number };
    try {
      input = JSON.parse(raw.toString('utf8') || '{}') as typeof input;
    } catch {
      return sendJson(response, 400, { __type: 'com.amazon.coral.service#SerializationException' });
    }
    if (
      target !== 'AmazonSQS.SendMessage' ||
      typeof input.QueueUrl !== 'string' ||
      typeof input.MessageBody !== 'string'
    ) {
      return sendJson(response, 400, {
        __type: 'com.amazonaws.sqs#UnsupportedOperation',
        message: `${target} is not emulated`,
      });
    }
    const queue = input.QueueUrl.split('/').pop() ?? '';
    const messageId = randomUUID();
    const delay = Math.min(Math.max(Number(input.DelaySeconds ?? 0) || 0, 0), 900);
    const body = input.MessageBody;
    /**
     * One receive of the message. A consumer that throws or reports the message in
     * `batchItemFailures` gets it again after the visibility timeout (shortened locally), up to
     * the dead-letter queue's three receives, as the event source mapping does.
     */
    const receive = (receiveCount: number) => {
      const consumer = consumers.get(queue as QueueConsumer['queue']);
      if (!consumer) return log(`[scheduler] no consumer for queue ${queue}; message dropped`);
      const now = Date.now();
      const event = {
        Records: [
          {
            messageId,
            receiptHandle: messageId,
            body,
            attributes: {
              ApproximateReceiveCount: String(receiveCount),
              SentTimestamp: String(now - delay * 1000),
              SenderId: 'local',
              ApproximateFirstReceiveTimestamp: String(now),
            },
            messageAttributes: {},
            md5OfBody: createHash('md5').update(body).digest('hex'),
            eventSource: 'aws:sqs',
            eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
            awsRegion: 'local',
          },
        ],
      };
      const again = (reason: unknown) => {
        if (receiveCount >= MAX_RECEIVES)
          return console.error(
            `[scheduler] ${queue} message ${messageId} failed ${receiveCount} times; dead-lettered`,
            reason,
          );
        schedule(() => receive(receiveCount + 1), REDELIVERY_MS);
      };
      call(consumer, event).then(
        (result) => {
          const failures = (result as { batchItemFailures?: { itemIdentifier: string }[] } | undefined)
            ?.batchItemFailures;
          if (failures?.some((failure) => failure.itemIdentifier === messageId)) again('reported failure');
        },
        (error: unknown) => again(error),
      );
    };
    schedule(() => receive(1), delay * 1000);
    sendJson(
      response,
      200,
      { MessageId: messageId, MD5OfMessageBody: createHash('md5').update(body).digest('hex') },
      { 'content-type': 'application/x-amz-json-1.0' },
    );
  };

  /** Compressed files, made once per file version (a build replaces them). */
  const compressedCache = new Map<string, { mtimeMs: number; br?: Buffer; gzip?: Buffer }>();
  const compressedFile = (file: string, encoding: 'br' | 'gzip' | null) => {
    if (!encoding || !COMPRESSIBLE.has(extname(file))) return null;
    const { size, mtimeMs } = statSync(file);
    if (size < COMPRESS_MIN_BYTES || size > COMPRESS_MAX_BYTES) return null;
    let entry = compressedCache.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) compressedCache.set(file, (entry = { mtimeMs }));
    entry[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(readFileSync(file), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(readFileSync(file), { level: 9 });
    return { encoding, body: entry[encoding] };
  };

  const serveStatic = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    let file = resolve(webDist, `.${decodedPath(url.pathname)}`);
    // As CloudFront's function: home's own page for `/`, the plain page for every other route.
    if (!file.startsWith(webDist + sep) || !existsSync(file) || statSync(file).isDirectory())
      file = join(webDist, spaPageFor(url.pathname));
    if (!existsSync(file))
      return sendJson(response, 503, {
        message: 'web/dist がありません。npm run build を実行してください。',
      });
    const immutable = file.startsWith(join(webDist, 'assets') + sep);
    const headers = {
      'content-type': staticTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const encoded = compressedFile(file, chosenEncoding(request.headers['accept-encoding']));
    if (encoded) {
      response.writeHead(200, {
        ...headers,
        'content-encoding': encoded.encoding,
        'content-length': String(encoded.body.length),
        vary: 'Accept-Encoding',
      });
      return void response.end(request.method === 'HEAD' ? undefined : encoded.body);
    }
    response.writeHead(200, {
      ...headers,
      ...(COMPRESSIBLE.has(extname(file)) ? { vary: 'Accept-Encoding' } : {}),
    });
    if (request.method === 'HEAD') return void response.end();
    // pipeline: a file that vanishes or a client that leaves ends this answer only.
    pipeline(createReadStream(file), response, (error) => {
      if (error) connectionError(`static ${url.pathname}`)(error);
    });
  };

  /**
   * The development page: Vite's transformed index.html, whose inline React Refresh preamble and
   * client script carry a nonce made for this answer and allowed by this answer's CSP only.
   */
  const serveViteHtml = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const plain = await readFile(join(ROOT, 'web/index.html'), 'utf8');
    const template =
      spaPageFor(url.pathname) === SPA_PAGES.home
        ? withHomeFrame(plain, await readFile(join(ROOT, 'web/home-frame.html'), 'utf8'))
        : plain;
    const nonce = randomBytes(18).toString('base64');
    const html = (await vite!.transformIndexHtml(url.pathname, template, request.url)).replaceAll(
      noncePlaceholder,
      nonce,
    );
    if (response.destroyed) return;
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-length': String(Buffer.byteLength(html)),
      'content-security-policy': contentSecurityPolicy({ scriptNonce: nonce, ...policySources(request) }),
    });
    response.end(request.method === 'HEAD' ? undefined : html);
  };

  const serveVite = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (NEVER_SERVED.test(decodedPath(url.pathname)))
      return sendJson(response, 404, { message: 'Not Found' });
    const page =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !VITE_INTERNAL.test(url.pathname) &&
      (!FILE_EXTENSION.test(url.pathname) || url.pathname === '/index.html');
    if (page) return void serveViteHtml(request, response, url).catch(failed(response));
    // Vite sees the normalised target: no `..` left for it to resolve against its root.
    request.url = `${url.pathname}${url.search}`;
    vite!.middlewares(request, response);
  };

  /** The app port: what CloudFront serves (API, web), never the control endpoints. */
  const server = createServer((request, response) => {
    request.on('error', connectionError('request'));
    response.on('error', connectionError('response'));
    for (const [name, value] of Object.entries(localSecurityHeaders(policySources(request))))
      response.setHeader(name, value);
    try {
      const url = requestUrl(request, publicUrl);
      if (!url) return sendJson(response, 400, { message: 'Bad Request' });
      if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
        return void (options.apiReady ?? Promise.resolve())
          .then(() => handleApi(request, response, url))
          .catch(failed(response));
      // The management API and SQS are reached by the functions on the control port only.
      if (url.pathname.startsWith('/@connections') || request.headers['x-amz-target'] !== undefined)
        return sendJson(response, 404, { message: 'Not Found' });
      // Questions' pictures, as CloudFront's /quiz-images/* behaviour serves them from their bucket.
      if (url.pathname.startsWith(QUIZ_IMAGE_PATH))
        return void serveQuizImage(request, response, url).catch(failed(response));
      if (options.web === 'vite' && vite) return serveVite(request, response, url);
      if (options.web === 'static') return serveStatic(request, response, url);
      sendJson(response, 404, { message: 'Not Found' });
    } catch (error) {
      failed(response)(error);
    }
  });

  /** The control port: `@connections` and SQS for the functions, on loopback, nothing else. */
  const controlServer = createServer((request, response) => {
    request.on('error', connectionError('control request'));
    response.on('error', connectionError('control response'));
    const url = requestUrl(request, `http://${HOST}`);
    if (!url) return sendJson(response, 400, { message: 'Bad Request' });
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string' && target.startsWith('AmazonSQS.') && request.method === 'POST')
      return void handleSqs(request, response, target).catch(failed(response));
    if (url.pathname.startsWith('/@connections/'))
      return void handleConnections(request, response, url).catch(failed(response));
    sendJson(response, 404, { message: 'Not Found' });
  });

  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES });

  const wsEvent = (
    connectionId: string,
    routeKey: string,
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
    extra: Record<string, unknown> = {},
    requestContextExtra: Record<string, unknown> = {},
  ) => ({
    requestContext: {
      routeKey,
      eventType,
      extendedRequestId: randomUUID(),
      requestTime: new Date().toUTCString(),
      messageDirection: 'IN',
      stage: webSocketStage,
      connectedAt: sockets.get(connectionId)?.connectedAt.getTime() ?? Date.now(),
      // The caller as API Gateway names it on every event of the socket (`$connect` passes its own:
      // the socket is not listed until the handshake is done).
      identity: {
        sourceIp: sockets.get(connectionId)?.sourceIp ?? HOST,
        userAgent: sockets.get(connectionId)?.userAgent ?? '',
      },
      requestTimeEpoch: Date.now(),
      requestId: randomUUID(),
      domainName: new URL(publicUrl).host,
      connectionId,
      apiId: 'local',
      ...requestContextExtra,
    },
    isBase64Encoded: false,
    ...extra,
  });

  const disconnected = (connectionId: string, code: number, reason: string) => {
    const disconnectRoute = wsRoutes.get('$disconnect');
    const event = wsEvent(
      connectionId,
      '$disconnect',
      'DISCONNECT',
      {},
      { disconnectStatusCode: code, disconnectReason: reason },
    );
    sockets.delete(connectionId);
    // Sockets the gateway closes as it stops get no $disconnect: the stack and its table are going
    // away, and a call that outlived the stop would fail (and log) after its test file ended.
    if (disconnectRoute && !stopping)
      call(disconnectRoute, event).catch((error: unknown) =>
        console.error('[gateway] $disconnect threw', error),
      );
  };

  const refuseUpgrade = (socket: Duplex, status: number, text: string) => {
    if (!socket.destroyed)
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const handleUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // API Gateway refuses what is not a WebSocket handshake before $connect runs.
    if (
      request.headers.upgrade?.toLowerCase() !== 'websocket' ||
      request.headers['sec-websocket-version'] !== '13' ||
      !/^[+/0-9A-Za-z]{22}==$/.test(request.headers['sec-websocket-key'] ?? '')
    )
      return refuseUpgrade(socket, 400, 'Bad Request');
    const connectionId = createHash('sha256').update(randomUUID()).digest('base64url').slice(0, 16) + '=';
    const { headers } = eventHeaders(request);
    const cookieHeader = request.headers.cookie;
    const connectRoute = wsRoutes.get('$connect');
    let status = 200;
    if (connectRoute) {
      const event = wsEvent(
        connectionId,
        '$connect',
        'CONNECT',
        { headers: { ...headers, ...(cookieHeader ? { cookie: cookieHeader } : {}) } },
        { identity: { sourceIp: clientAddress(request), userAgent: request.headers['user-agent'] ?? '' } },
      );
      try {
        const result = (await call(connectRoute, event)) as { statusCode?: number } | undefined;
        status = result?.statusCode ?? 200;
      } catch (error) {
        console.error('[gateway] $connect threw', error);
        status = 500;
      }
    }
    if (status < 200 || status >= 300)
      return refuseUpgrade(socket, status, UPGRADE_REFUSALS[status] ?? 'Error');
    // $connect accepted a client that is gone before the handshake completes: $disconnect it.
    let opened = false;
    socket.once('close', () => {
      if (!opened) disconnected(connectionId, 1006, '');
    });
    webSocketServer.handleUpgrade(request, socket, head, (ws) => {
      opened = true;
      const now = new Date();
      sockets.set(connectionId, {
        socket: ws,
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: clientAddress(request),
        userAgent: request.headers['user-agent'] ?? '',
      });
      // A frame over the limit (1009), a malformed frame (1002) or bad UTF-8 (1007): ws has
      // already closed the connection with that code, as API Gateway does; nothing else changes.
      ws.on('error', connectionError(`ws ${connectionId}`));
      ws.on('message', (data, isBinary) => {
        const entry = sockets.get(connectionId);
        if (entry) entry.lastActiveAt = new Date();
        const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
        let type: unknown;
        try {
          type = (JSON.parse(body) as { type?: unknown }).type;
        } catch {
          type = undefined;
        }
        const route =
          (typeof type === 'string' && !type.startsWith('$') && wsRoutes.get(type)) ||
          wsRoutes.get('$default');
        if (!route) return;
        const event = wsEvent(
          connectionId,
          route.routeKey,
          'MESSAGE',
          { body, isBase64Encoded: isBinary },
          { messageId: randomUUID() },
        );
        call(route, event).catch((error: unknown) =>
          console.error(`[gateway] ws ${route.routeKey} threw`, error),
        );
      });
      ws.on('close', (code, reason) => disconnected(connectionId, code, reason.toString()));
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgrade's socket over without an 'error' listener: a reset would crash us.
    socket.on('error', connectionError('upgrade'));
    const url = requestUrl(request, publicUrl);
    if (url?.pathname === '/ws')
      return void handleUpgrade(request, socket, head).catch((error: unknown) => {
        console.error('[gateway] upgrade failed', error);
        socket.destroy();
      });
    // Vite's HMR socket is taken by Vite's own 'upgrade' listener; anything else is refused.
    const protocol = request.headers['sec-websocket-protocol'];
    if (vite && url?.pathname === '/' && (protocol === 'vite-hmr' || protocol === 'vite-ping')) return;
    refuseUpgrade(socket, 404, 'Not Found');
  });

  if (options.web === 'vite') {
    const { createServer: createViteServer } = await import('vite');
    if (options.viteCache === 'own') {
      mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
      ownViteCache = mkdtempSync(join(ROOT, 'node_modules/.cache/vite-'));
    }
    vite = await createViteServer({
      configFile: join(ROOT, 'web/vite.config.ts'),
      ...(ownViteCache ? { cacheDir: ownViteCache } : {}),
      // HMR's WebSocket on this server (and so on loopback), not on a port of its own.
      server: { middlewareMode: true, ws: { server } },
      // The gateway answers page requests itself (serveViteHtml), as CloudFront's function does.
      appType: 'custom',
      logLevel: 'warn',
    });
    noncePlaceholder = vite.config.html?.cspNonce ?? '';
    if (!noncePlaceholder) {
      await vite.close();
      throw new Error('web/vite.config.ts must set html.cspNonce when serving: the page CSP needs a nonce');
    }
  }

  const listen = (target: Server, port: number) =>
    new Promise<number>((done, fail) => {
      target.once('error', fail);
      target.listen(port, HOST, () => {
        target.off('error', fail);
        // Later server errors (out of file descriptors, say) are logged, not thrown.
        target.on('error', (error) => console.error('[gateway] server error', error));
        const address = target.address();
        done(typeof address === 'object' && address ? address.port : port);
      });
    });
  let port: number;
  let controlPort: number;
  try {
    port = await listen(server, options.port);
    controlPort = await listen(controlServer, options.controlPort ?? 0);
  } catch (error) {
    await vite?.close();
    if (ownViteCache) rmSync(ownViteCache, { recursive: true, force: true });
    if (server.listening) server.close();
    throw error;
  }
  publicUrl = `http://localhost:${port}`;

  // DynamoDB Streams → Lambda: the table's stream polled like an event source mapping.
  const streamConsumers = options.streamConsumers ?? tableStreamConsumers;
  const poller: StreamPoller | undefined =
    options.tableStream && streamConsumers.length
      ? startStreamPoller({
          ...options.tableStream,
          consumers: streamConsumers,
          invoke: (consumer, event) => invoke(consumer, event, randomUUID(), timeoutScale),
          log: (line) => (options.log ? options.log(line) : console.error(line)),
        })
      : undefined;

  return {
    url: publicUrl,
    port,
    controlUrl: `http://${HOST}:${controlPort}`,
    controlPort,
    server,
    controlServer,
    streamSettled: () => poller?.settled() ?? Promise.resolve(),
    stop: async () => {
      stopping = true;
      await poller?.stop();
      for (const timer of timers) clearTimeout(timer);
      for (const { socket } of sockets.values()) socket.terminate();
      webSocketServer.close();
      await vite?.close();
      if (ownViteCache) rmSync(ownViteCache, { recursive: true, force: true });
      server.closeAllConnections();
      controlServer.closeAllConnections();
      await Promise.all(
        [server, controlServer].map(
          (target) => new Promise<void>((done) => (target.listening ? target.close(() => done()) : done())),
        ),
      );
      // Calls whose clients left keep running; the emulators stop after them (10 s at most).
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((done) => setTimeout(done, 10_000).unref()),
      ]);
    },
  };
}
