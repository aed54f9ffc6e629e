import sesModule from 'aws-ses-v2-local';
import type { Server } from 'node:http';

export interface RunningSes {
  endpoint: string;
  /** Web page listing the mail sent (`GET /store` returns it as JSON). */
  viewerUrl: string;
  stop(): Promise<void>;
}

/** Starts `aws-ses-v2-local` in-process on 127.0.0.1: SES v2 `SendEmail` lands in its mail viewer. */
export async function startSes(options: { port: number }): Promise<RunningSes> {
  // CommonJS module with `exports.default`: Node's ESM loader hands us the exports object.
  const start = ((sesModule as unknown as { default?: typeof sesModule }).default ??
    sesModule) as typeof sesModule;
  const server: Server = await start({ host: '127.0.0.1', port: options.port });
  // Express answers a client's errors itself; a server error later on (no file descriptors left,
  // say) is logged here instead of being thrown out of the process.
  server.on('error', (error) => console.error('[ses] server error', error));
  const endpoint = `http://127.0.0.1:${options.port}`;
  return {
    endpoint,
    viewerUrl: `http://localhost:${options.port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections?.();
        server.close(() => done());
      }),
  };
}
