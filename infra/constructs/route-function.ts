import type { RemovalPolicy } from 'aws-cdk-lib';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TIMEOUT_SECONDS } from '../../functions/routes';

export const REPO_ROOT = join(import.meta.dirname, '../..');

/** esbuild settings shared by the stack and `npm run bench` (which measures the same bundles). */
export const BUNDLING = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  format: OutputFormat.ESM,
  mainFields: ['module', 'main'] as string[],
  // Middy and friends are ESM; a few bundled dependencies still call require().
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  // The AWS SDK is bundled (not taken from the runtime) so its version is the one we tested.
  // sharp is native (libvips): never bundled; the functions that use it get it installed for
  // Lambda's platform beside their bundle (nativeModulesCommand), and no other function loads it.
  externalModules: ['sharp'] as string[],
  tsconfig: join(REPO_ROOT, 'functions/tsconfig.json'),
} as const;

/**
 * The AI worker (functions/ai/extraction-worker.ts: text extraction and the offline generator)
 * runs in a child process, which loads a file of its own: it is bundled on its own, with the same
 * settings, next to the bundle of every generating function. The test of the deployed shape runs
 * the same command.
 */
export const EXTRACTION_WORKER = {
  entry: 'functions/ai/extraction-worker.ts',
  outFile: 'extraction-worker.mjs',
  esbuildArgs: [
    '--bundle',
    '--platform=node',
    `--target=${BUNDLING.target}`,
    '--format=esm',
    `--main-fields=${BUNDLING.mainFields.join(',')}`,
    '--minify',
    `--banner:js=${BUNDLING.banner}`,
    '--log-level=warning',
  ],
} as const;

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The shell command that bundles the AI worker into `outputDir`. */
export function extractionWorkerCommand(inputDir: string, outputDir: string): string {
  return [
    `${inputDir}/node_modules/.bin/esbuild`,
    `${inputDir}/${EXTRACTION_WORKER.entry}`,
    ...EXTRACTION_WORKER.esbuildArgs,
    `--outfile=${outputDir}/${EXTRACTION_WORKER.outFile}`,
  ]
    .map(shellQuote)
    .join(' ');
}

/** A package's version as installed here (the lock file's), so a bundle carries the tested one. */
const installedVersion = (name: string) =>
  (
    JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/**
 * The shell command that installs native packages into a bundle's folder for Lambda's platform
 * (linux, arm64, glibc), whatever machine synthesizes: npm picks the optional packages of that
 * platform (`@img/sharp-linux-arm64` and its libvips), from the registry or npm's cache.
 */
export function nativeModulesCommand(outputDir: string, modules: readonly string[]): string {
  return [
    'npm',
    'install',
    `--prefix=${outputDir}`,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--omit=dev',
    '--os=linux',
    '--cpu=arm64',
    '--libc=glibc',
    ...modules.map((name) => `${name}@${installedVersion(name)}`),
  ]
    .map(shellQuote)
    .join(' ');
}

export interface RouteFunctionProps extends Omit<NodejsFunctionProps, 'entry' | 'runtime' | 'architecture'> {
  /** Handler module relative to the repository root, without extension (from the route table). */
  handlerModule: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * A Lambda function for one route: Node.js 22 on arm64, bundled and tree-shaken by esbuild,
 * with its own log group and retention.
 */
export class RouteFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    const { handlerModule, logRetention, removalPolicy, ...rest } = props;
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: logRetention, removalPolicy });
    super(scope, id, {
      memorySize: 512,
      timeout: Duration.seconds(DEFAULT_TIMEOUT_SECONDS),
      tracing: Tracing.ACTIVE,
      ...rest,
      entry: join(REPO_ROOT, `${handlerModule}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        ...BUNDLING,
        mainFields: [...BUNDLING.mainFields],
        externalModules: [...BUNDLING.externalModules],
        ...rest.bundling,
      },
    });
  }
}
