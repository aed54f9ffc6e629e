import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { S3RVER_KEY } from '@functions/lib/aws-clients';
import { freePort } from './ports';
import { startS3Guard } from './s3-guard';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts `s3rver` in-process (an S3-compatible server storing objects under `directory`) behind a
 * guard on `port` that keeps the bucket private and checks presigned POST policies as S3 does.
 * Both listen on 127.0.0.1 only; s3rver's own port is for the guard.
 */
export async function startS3(options: { port: number; directory: string }): Promise<RunningS3> {
  const directory = resolve(options.directory);
  mkdirSync(directory, { recursive: true });
  const upstreamPort = await freePort();
  const server = new S3rver({ port: upstreamPort, address: '127.0.0.1', directory, silent: true });
  await server.run();
  server.httpServer?.on('error', (error) => console.error('[s3rver] server error', error));
  const guard = await startS3Guard({ port: options.port, upstreamPort, secret: S3RVER_KEY }).catch(
    async (error: unknown) => {
      await server.close();
      throw error;
    },
  );
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      guard.closeAllConnections();
      await new Promise<void>((done) => guard.close(() => done()));
      await server.close();
    },
  };
}
