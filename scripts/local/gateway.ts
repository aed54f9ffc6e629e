import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ViteDevServer } from 'vite';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers as tableQueueConsumers,
  webSocketRoutes,
  type HttpRoute,
  type QueueConsumer,
  type WebSocketRoute,
} from '@functions/routes';
import {
  buildHttpEvent,
  compileRoute,
  eventHeaders,
  lambdaContext,
  matchRoute,
  readHttpResult,
  routeIndex,
} from './http-events';

/**
 * The local stand-in for API Gateway (HTTP + WebSocket), the `@connections` management API,
 * SQS delayed delivery to queue consumers, and CloudFront's SPA origin (Vite middleware or a
 * built `web/dist`). Handlers are the same modules Lambda runs, loaded from the route table.
 */

const ROOT = resolve(import.meta.dirname, '../..');
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
  settings: HttpRoute | WebSocketRoute | QueueConsumer,
  event: unknown,
  requestId: string = randomUUID(),
): Promise<unknown> {
  const handler = await loadHandler(settings.handler);
  let name = functionNames.get(settings);
  if (!name) functionNames.set(settings, (name = functionIdFor(settings)));
  return handler(event, lambdaContext(name, settings.timeoutSeconds ?? 10, requestId));
}

export interface GatewayOptions {
  port: number;
  host?: string;
  /** `vite`: dev middleware with HMR; `static`: serve `web/dist`; `none`: API only. */
  web: 'vite' | 'static' | 'none';
  httpRoutes?: readonly HttpRoute[];
  webSocketRoutes?: readonly WebSocketRoute[];
  queueConsumers?: readonly QueueConsumer[];
  log?: (line: string) => void;
}

export interface RunningGateway {
  url: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

const EMPTY = Buffer.alloc(0);

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
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
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
  let vite: ViteDevServer | undefined;
  const host = options.host ?? '127.0.0.1';
  let publicUrl = `http://localhost:${options.port}`;
  const webSocketStage = 'ws';

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
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
        (await invoke(match.compiled.route, event, event.requestContext.requestId)) as never,
      );
    } catch (error) {
      console.error(`[gateway] ${match.compiled.routeKey} threw`, error);
      return sendJson(response, 500, { message: 'Internal Server Error' });
    }
    const headers: Record<string, string | string[]> = {
      ...result.headers,
      'content-length': String(result.body.length),
    };
    if (result.cookies.length) headers['set-cookie'] = result.cookies;
    response.writeHead(result.statusCode, headers);
    response.end(result.body);
  };

  /** `@connections/{id}`: POST sends, GET describes, DELETE closes (as the management API does). */
  const handleConnections = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const connectionId = decodeURIComponent(url.pathname.slice('/@connections/'.length));
    const entry = sockets.get(connectionId);
    if (!entry || entry.socket.readyState !== entry.socket.OPEN) {
      await readBody(request, MAX_BODY_BYTES);
      return sendJson(response, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
    }
    if (request.method === 'POST') {
      const body = await readBody(request, 128 * 1024);
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
      entry.socket.close(1000);
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
    const input = JSON.parse(raw.toString('utf8') || '{}') as {
      QueueUrl?: string;
      MessageBody?: string;
      DelaySeconds?: number;
    };
    if (target !== 'AmazonSQS.SendMessage' || !input.QueueUrl || input.MessageBody === undefined) {
      return sendJson(response, 400, {
        __type: 'com.amazonaws.sqs#UnsupportedOperation',
        message: `${target} is not emulated`,
      });
    }
    const queue = input.QueueUrl.split('/').pop() ?? '';
    const messageId = randomUUID();
    const delay = Math.min(Math.max(input.DelaySeconds ?? 0, 0), 900);
    const body = input.MessageBody;
    const timer = setTimeout(() => {
      timers.delete(timer);
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
              ApproximateReceiveCount: '1',
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
      invoke(consumer, event).catch((error: unknown) =>
        console.error(`[scheduler] ${queue} consumer failed`, error),
      );
    }, delay * 1000);
    timers.add(timer);
    sendJson(
      response,
      200,
      { MessageId: messageId, MD5OfMessageBody: createHash('md5').update(body).digest('hex') },
      { 'content-type': 'application/x-amz-json-1.0' },
    );
  };

  const serveStatic = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const dist = join(ROOT, 'web/dist');
    let file = resolve(dist, `.${decodeURIComponent(url.pathname)}`);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dist, 'index.html');
    if (!existsSync(file))
      return sendJson(response, 503, {
        message: 'web/dist がありません。npm run build を実行してください。',
      });
    const immutable = file.includes(`${join(dist, 'assets')}`);
    response.writeHead(200, {
      'content-type': staticTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(response);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', publicUrl);
    const target = request.headers['x-amz-target'];
    const done = (error: unknown) => {
      console.error('[gateway] request failed', error);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
    };
    if (typeof target === 'string' && target.startsWith('AmazonSQS.'))
      return void handleSqs(request, response, target).catch(done);
    if (url.pathname.startsWith('/@connections/'))
      return void handleConnections(request, response, url).catch(done);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
      return void handleApi(request, response, url).catch(done);
    if (options.web === 'vite' && vite) return vite.middlewares(request, response);
    if (options.web === 'static') return serveStatic(request, response, url);
    sendJson(response, 404, { message: 'Not Found' });
  });

  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });

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

  const handleUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const connectionId = createHash('sha256').update(randomUUID()).digest('base64url').slice(0, 16) + '=';
    const { headers } = eventHeaders(request);
    const cookieHeader = request.headers.cookie;
    const connectRoute = wsRoutes.get('$connect');
    let status = 200;
    if (connectRoute) {
      const event = wsEvent(connectionId, '$connect', 'CONNECT', {
        headers: { ...headers, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });
      try {
        const result = (await invoke(connectRoute, event)) as { statusCode?: number } | undefined;
        status = result?.statusCode ?? 200;
      } catch (error) {
        console.error('[gateway] $connect threw', error);
        status = 500;
      }
    }
    if (status < 200 || status >= 300) {
      socket.end(
        `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    webSocketServer.handleUpgrade(request, socket, head, (ws) => {
      const now = new Date();
      sockets.set(connectionId, {
        socket: ws,
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: request.headers['user-agent'] ?? '',
      });
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
        invoke(route, event).catch((error: unknown) =>
          console.error(`[gateway] ws ${route.routeKey} threw`, error),
        );
      });
      ws.on('close', (code, reason) => {
        const disconnectRoute = wsRoutes.get('$disconnect');
        const event = wsEvent(
          connectionId,
          '$disconnect',
          'DISCONNECT',
          {},
          { disconnectStatusCode: code, disconnectReason: reason.toString() },
        );
        sockets.delete(connectionId);
        if (disconnectRoute)
          invoke(disconnectRoute, event).catch((error: unknown) =>
            console.error('[gateway] $disconnect threw', error),
          );
      });
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', publicUrl);
    if (url.pathname !== '/ws') return; // Vite's HMR socket (its own listener) or nothing
    handleUpgrade(request, socket, head).catch((error: unknown) => {
      console.error('[gateway] upgrade failed', error);
      socket.destroy();
    });
  });

  if (options.web === 'vite') {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({
      configFile: join(ROOT, 'web/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
      logLevel: 'warn',
    });
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  publicUrl = `http://localhost:${port}`;

  return {
    url: publicUrl,
    port,
    server,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const { socket } of sockets.values()) socket.terminate();
      webSocketServer.close();
      await vite?.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
