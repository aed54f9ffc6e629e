import type { BundlingOptions, ILocalBundling, RemovalPolicy } from 'aws-cdk-lib';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import {
  Architecture,
  Code,
  Function as LambdaFunction,
  Runtime,
  Tracing,
  type FunctionProps,
} from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { buildSync, type BuildOptions } from 'esbuild';
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TIMEOUT_SECONDS } from '../../functions/routes';

export const REPO_ROOT = join(import.meta.dirname, '../..');

/** esbuild's settings for a function's bundle, shared by the stack and `npm run bench` (which measures the same bundles). */
export const BUNDLING = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  // Middy and friends are ESM; a few bundled dependencies still call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The AWS SDK is bundled (not taken from the runtime) so its version is the one we tested.
  // sharp is native (libvips): never bundled; the functions that use it get it installed for
  // Lambda's platform beside their bundle (nativeModulesCommand), and no other function loads it.
  external: ['sharp'],
  tsconfig: join(REPO_ROOT, 'functions/tsconfig.json'),
  logLevel: 'warning',
} satisfies BuildOptions;

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
    `--banner:js=${BUNDLING.banner.js}`,
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

/** The bundles built and not yet taken into an asset, by handler module: each folder holds `index.mjs` and its map. */
const built = new Map<string, string>();
const everBuilt = new Set<string>();
let scratch: string | undefined;
const BUILDS = join(REPO_ROOT, 'node_modules/.cache');
const BUILD_PREFIX = 'quiz-bundles-';

/**
 * A folder for this process's builds, removed when it exits; the folders of processes that ended
 * without removing theirs (a test worker is stopped outright) are removed here.
 */
function scratchFolder(): string {
  if (scratch) return scratch;
  mkdirSync(BUILDS, { recursive: true });
  for (const name of readdirSync(BUILDS)) {
    const pid = Number(new RegExp(`^${BUILD_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && !processRuns(pid)) rmSync(join(BUILDS, name), { recursive: true, force: true });
  }
  const folder = mkdtempSync(join(BUILDS, `${BUILD_PREFIX}${process.pid}-`));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  scratch = folder;
  return folder;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds a handler module's bundle, if it is not waiting already, in one esbuild build together
 * with `batch` (the other handler modules of the stack): the shared code (the AWS SDK, zod, the
 * product's modules) is parsed once for all of them instead of once a function. Each entry point
 * still gets a bundle of its own, tree-shaken for it, with the same settings: the bundles are the
 * bytes `NodejsFunction` made one build each. The build's folder is in the checkout, at the same
 * depth in every checkout: a source map names its sources relative to it, so an asset's hash does
 * not depend on where the repository is. Returns the bundle's folder, which the caller takes.
 */
function takeBundle(handlerModule: string, batch: readonly string[]): string {
  if (!built.has(handlerModule)) {
    const folder = scratchFolder();
    const folderOf = (module: string) => module.replaceAll('/', '--');
    // A module built once already in this process (its bundle taken) is built again only when asked.
    const modules = [
      ...new Set([handlerModule, ...batch.filter((module) => !everBuilt.has(module) && !built.has(module))]),
    ];
    buildSync({
      ...BUNDLING,
      entryPoints: Object.fromEntries(
        modules.map((module) => [`${folderOf(module)}/index`, join(REPO_ROOT, `${module}.ts`)]),
      ),
      outdir: folder,
      outExtension: { '.js': '.mjs' },
    });
    for (const module of modules) {
      built.set(module, join(folder, folderOf(module)));
      everBuilt.add(module);
    }
  }
  const bundle = built.get(handlerModule)!;
  built.delete(handlerModule);
  return bundle;
}

/**
 * A function's asset, bundled on this machine: its handler's bundle (`index.mjs` and its source
 * map), then the commands that put what else it needs beside it. Its fields are the asset's cache
 * key (AssetStaging keys staged assets by them), so they name the handler and the commands.
 */
class RouteBundling implements BundlingOptions {
  /** Never pulled: `local` always bundles (or throws). */
  readonly image = DockerImage.fromRegistry('dummy');
  readonly local: ILocalBundling;
  readonly handlerModule: string;
  readonly afterBundlingCommands: string[];

  constructor(
    handlerModule: string,
    batch: readonly string[],
    afterBundling: ((inputDir: string, outputDir: string) => string[]) | undefined,
  ) {
    this.handlerModule = handlerModule;
    this.afterBundlingCommands = afterBundling?.('<repository>', '<bundle>') ?? [];
    this.local = {
      tryBundle: (outputDir: string) => {
        const bundle = takeBundle(handlerModule, batch);
        cpSync(bundle, outputDir, { recursive: true });
        rmSync(bundle, { recursive: true, force: true });
        if (built.size === 0 && scratch) {
          rmSync(scratch, { recursive: true, force: true });
          scratch = undefined;
        }
        const commands = afterBundling?.(REPO_ROOT, outputDir) ?? [];
        // Their output goes to stderr: `cdk synth` prints the template on stdout.
        if (commands.length)
          execSync(commands.join(' && '), {
            cwd: REPO_ROOT,
            shell: '/bin/bash',
            stdio: ['ignore', 2, 'inherit'],
          });
        return true;
      },
    };
  }
}

export interface RouteFunctionProps extends Omit<
  FunctionProps,
  'code' | 'handler' | 'runtime' | 'architecture'
> {
  /** Handler module relative to the repository root, without extension (from the route table). */
  handlerModule: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /**
   * The other handler modules of the stack, bundled by the same esbuild build as this one (one
   * build for every function instead of one each; see `takeBundle`).
   */
  bundledWith?: readonly string[];
  /** Shell commands that put what the function needs beside its bundle (the repository, the bundle's folder). */
  afterBundling?: (inputDir: string, outputDir: string) => string[];
}

/**
 * A Lambda function for one route: Node.js 22 on arm64, bundled and tree-shaken by esbuild (as
 * `NodejsFunction` does, but in one build for the stack's functions), with its own log group and
 * retention. Stacks synthesized without bundling (`aws:cdk:bundling-stacks`) skip the build.
 */
export class RouteFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    const { handlerModule, logRetention, removalPolicy, bundledWith, afterBundling, ...rest } = props;
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: logRetention, removalPolicy });
    super(scope, id, {
      memorySize: 512,
      timeout: Duration.seconds(DEFAULT_TIMEOUT_SECONDS),
      tracing: Tracing.ACTIVE,
      ...rest,
      code: Code.fromAsset(REPO_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: new RouteBundling(handlerModule, bundledWith ?? [], afterBundling),
      }),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      logGroup,
    });
  }
}
