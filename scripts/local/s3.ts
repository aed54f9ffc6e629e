import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts `s3rver` in-process (an S3-compatible server storing objects under `directory`). */
export async function startS3(options: { port: number; directory: string }): Promise<RunningS3> {
  const directory = resolve(options.directory);
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: options.port, address: '127.0.0.1', directory, silent: true });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: () => server.close(),
  };
}
