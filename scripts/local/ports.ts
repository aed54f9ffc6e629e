import { createServer } from 'node:net';

/** A TCP port that is free right now on 127.0.0.1 (for tests and benchmarks that run side by side). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Throws a clear error when `port` is taken (another `npm run dev` still running, say). */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', () =>
      fail(
        new Error(
          `ポート ${port}（${what}）は使用中です。別の npm run dev が動いていないか確認するか、環境変数でポートを変えてください。`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => done()));
  });
}

/**
 * Starts a server on a free port, and on another one when that port was taken before the server
 * bound it: a free port is only free until someone binds it, and DynamoDB Local takes a second or
 * more (a JVM) to get there while other stacks and outgoing connections pick ports too.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= attempts || !isPortTaken(error)) throw error;
    }
  }
}

const isPortTaken = (error: unknown) =>
  error instanceof Error && /EADDRINUSE|address already in use|Failed to bind/i.test(error.message);
