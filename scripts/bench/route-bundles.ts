import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers,
  streamConsumers,
  webSocketRoutes,
  type HttpRoute,
  type QueueConsumer,
  type StreamConsumer,
  type WebSocketRoute,
} from '@functions/routes';
import { BUNDLING, REPO_ROOT } from '../../infra/constructs/route-function';

export interface RouteBundle {
  id: string;
  label: string;
  entry: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer;
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Bundles every route exactly as the CDK stack does (same esbuild settings) and measures the output. */
export async function bundleRoutes(outDir: string): Promise<RouteBundle[]> {
  mkdirSync(outDir, { recursive: true });
  const entries: RouteBundle['entry'][] = [
    ...httpRoutes,
    ...webSocketRoutes,
    ...queueConsumers,
    ...streamConsumers,
  ];
  const bundles: RouteBundle[] = [];
  for (const entry of entries) {
    const id = functionIdFor(entry);
    const file = join(outDir, `${id}.mjs`);
    const result = await build({
      entryPoints: [join(REPO_ROOT, `${entry.handler}.ts`)],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: BUNDLING.target,
      minify: BUNDLING.minify,
      mainFields: [...BUNDLING.mainFields],
      banner: BUNDLING.banner,
      tsconfig: BUNDLING.tsconfig,
      write: true,
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0]!;
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(file);
    bundles.push({
      id,
      label:
        'contract' in entry
          ? entry.contract.key
          : 'routeKey' in entry
            ? `ws ${entry.routeKey}`
            : 'queue' in entry
              ? `queue ${entry.queue}`
              : `stream ${entry.stream}`,
      entry,
      file,
      bytes: output.bytes,
      gzipBytes: gzipSync(code).length,
    });
  }
  return bundles;
}
