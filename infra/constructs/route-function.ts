import type { RemovalPolicy } from 'aws-cdk-lib';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { join } from 'node:path';

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
  externalModules: [] as string[],
  tsconfig: join(REPO_ROOT, 'tsconfig.json'),
} as const;

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
      timeout: Duration.seconds(10),
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
