import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  rmSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizzesApi } from '../shared/contract/quizzes';
import { httpRoutes, type HttpRoute } from '../functions/routes';
import { afterBundlingFor } from './constructs/api';
import { RouteFunction } from './constructs/route-function';

/**
 * The deployed shape of a function that re-encodes questions' pictures: the quiz creation route's
 * function synthesized as the stack builds it (its row of the route table, the stack's bundling),
 * and its asset read back. The route Lambdas run on linux-arm64 while this machine may be x86_64:
 * the asset must carry sharp's arm64 binary and libvips, and not this machine's.
 */
let outdir: string;
let asset: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'quiz-image-bundle-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'QuizImageBundle');
  const route: HttpRoute = httpRoutes.find((candidate) => candidate.contract === quizzesApi.create)!;
  const afterBundling = afterBundlingFor(route);
  new RouteFunction(stack, 'CreateQuiz', {
    handlerModule: route.handler,
    logRetention: RetentionDays.ONE_DAY,
    removalPolicy: RemovalPolicy.DESTROY,
    ...(afterBundling ? { afterBundling } : {}),
  });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
  };
  const code = Object.values(template.Resources).find(
    (resource) => resource.Type === 'AWS::Lambda::Function',
  )!.Properties.Code!;
  asset = join(outdir, `asset.${code.S3Key!.replace(/\.zip$/, '')}`);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The machine an ELF file is built for (e_machine: 0xB7 is AArch64, 0x3E x86-64). */
function elfMachine(file: string): number {
  const header = Buffer.alloc(20);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, header, 0, 20, 0);
  } finally {
    closeSync(descriptor);
  }
  expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
  return header.readUInt16LE(18);
}

describe('the quiz-saving function’s asset', () => {
  it('carries sharp’s linux-arm64 binary and libvips beside the bundle, and no other platform’s', () => {
    // sharp names its addon after its version (`sharp-linux-arm64-0.35.5.node`).
    const addons = join(asset, 'node_modules/@img/sharp-linux-arm64/lib');
    const addon = existsSync(addons)
      ? readdirSync(addons).find((name) => /^sharp-linux-arm64.*\.node$/.test(name))
      : undefined;
    expect(addon, addons).toBeDefined();
    expect(elfMachine(join(addons, addon!))).toBe(0xb7);
    const libvips = join(asset, 'node_modules/@img/sharp-libvips-linux-arm64/lib');
    const library = readdirSync(libvips).find((name) => name.startsWith('libvips-cpp.so'));
    expect(library).toBeDefined();
    expect(elfMachine(join(libvips, library!))).toBe(0xb7);
    const platformPackages = readdirSync(join(asset, 'node_modules/@img')).filter((name) =>
      name.startsWith('sharp-'),
    );
    expect(platformPackages.sort()).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    const installed = JSON.parse(readFileSync(join(asset, 'node_modules/sharp/package.json'), 'utf8')) as {
      version: string;
    };
    const tested = JSON.parse(
      readFileSync(join(import.meta.dirname, '../node_modules/sharp/package.json'), 'utf8'),
    ) as {
      version: string;
    };
    expect(installed.version).toBe(tested.version);
  });

  it('loads sharp from there rather than bundling it', () => {
    const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
    expect(bundle).toMatch(/import\(\s*["']sharp["']\s*\)/);
    expect(bundle).not.toContain('sharp-linux-x64');
  });
});
