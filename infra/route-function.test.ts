import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, RouteFunction } from './constructs/route-function';

/**
 * Two functions bundled by one esbuild build, as the stack bundles all of its functions: each asset
 * holds its own handler's bundle and source map, and nothing in them depends on where the
 * checkout is (an asset's hash is that of its files).
 */
const MODULES = ['functions/api/categories/list', 'functions/edge/origin-authorizer'];
let outdir: string;
let assets: string[];

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'route-function-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'RouteFunctions');
  MODULES.forEach(
    (handlerModule, index) =>
      new RouteFunction(stack, `Fn${index}`, {
        handlerModule,
        bundledWith: MODULES,
        logRetention: RetentionDays.ONE_DAY,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
  );
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string }; Handler?: string } }>;
  };
  const functions = Object.values(template.Resources).filter(
    (resource) => resource.Type === 'AWS::Lambda::Function',
  );
  expect(functions.map((fn) => fn.Properties.Handler)).toEqual(['index.handler', 'index.handler']);
  assets = functions.map((fn) => join(outdir, `asset.${fn.Properties.Code!.S3Key!.replace(/\.zip$/, '')}`));
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('route functions bundled together', () => {
  it('each get a bundle of their own handler, with its source map', () => {
    expect(new Set(assets).size).toBe(2);
    const bundles = assets.map((asset) => readFileSync(join(asset, 'index.mjs'), 'utf8'));
    for (const bundle of bundles) {
      expect(bundle).toMatch(/export\s*\{[^}]*\bas handler\b/);
      expect(bundle.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    }
    const sources = assets.map(
      (asset) =>
        (JSON.parse(readFileSync(join(asset, 'index.mjs.map'), 'utf8')) as { sources: string[] }).sources,
    );
    expect(sources[0]!.some((source) => source.endsWith('functions/api/categories/list.ts'))).toBe(true);
    expect(sources[0]!.some((source) => source.endsWith('functions/edge/origin-authorizer.ts'))).toBe(false);
    expect(sources[1]!.some((source) => source.endsWith('functions/edge/origin-authorizer.ts'))).toBe(true);
  });

  it('name their sources relative to the checkout, never by its path', () => {
    for (const asset of assets) {
      const map = readFileSync(join(asset, 'index.mjs.map'), 'utf8');
      expect(map).not.toContain(REPO_ROOT);
      expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).not.toContain(REPO_ROOT);
    }
  });
});
