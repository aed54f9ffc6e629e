import sesModule from 'aws-ses-v2-local';
import type { Server } from 'node:http';

export interface RunningSes {
  endpoint: string;
  /** Web page listing the mail sent (`GET /store` returns it as JSON). */
  viewerUrl: string;
  stop(): Promise<void>;
}

/** Starts `aws-ses-v2-local` in-process: SES v2 `SendEmail` lands in its mail viewer. */
export async function startSes(options: { port: number }): Promise<RunningSes> {
  // CommonJS module with `exports.default`: Node's ESM loader hands us the exports object.
  const start = ((sesModule as unknown as { default?: typeof sesModule }).default ??
    sesModule) as typeof sesModule;
  const server: Server = await start({ host: '127.0.0.1', port: options.port });
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
