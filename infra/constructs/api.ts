import type { RemovalPolicy } from 'aws-cdk-lib';
import { Aws, Duration, NestedStack, Stack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute as ApiRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers,
  webSocketRoutes,
  type Grant,
  type HttpRoute,
  type QueueConsumer,
  type TableAccess,
  type WebSocketRoute,
} from '../../functions/routes';
import { extractionWorkerCommand, RouteFunction } from './route-function';

export interface ApiProps {
  stage: string;
  table: TableV2;
  materials: Bucket;
  tickQueue: Queue;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  mailFrom: string;
  /** Bedrock model or inference profile id for AI generation; without it the offline generator runs. */
  bedrockModelId?: string;
  /** Region of the Bedrock model when it is not the stack's. */
  bedrockRegion?: string;
}

/**
 * What a generating function needs next to its bundle: the AI worker (text extraction and the
 * offline generator), bundled on its own, and the offline generator's Japanese dictionary
 * (kuromoji's `dict/`, 18 MB, not JavaScript, so esbuild cannot bundle it), which the worker reads.
 */
const generatorFiles = {
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `cp -R "${inputDir}/node_modules/kuromoji/dict" "${outputDir}/dict"`,
      extractionWorkerCommand(inputDir, outputDir),
    ],
  },
};

/**
 * CloudFormation allows 500 resources in a stack, and a route costs seven (function, role, policy,
 * log group, integration, route, invoke permission): the features listed here keep their routes in
 * a nested stack of their own (`Api/<name>`), which has a limit of its own. A feature whose routes
 * would take the main stack past the limit is added here.
 */
const NESTED_FEATURES: readonly { name: string; pathPrefix: string }[] = [
  { name: 'FocusedStudy', pathPrefix: '/api/focused-study/' },
];

/** The bare address of a sender such as `みんなのクイズ <no-reply@example.com>`. */
export const senderAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** Name of the WebSocket stage: CloudFront forwards `/ws` unchanged, so the stage is called `ws`. */
export const WEBSOCKET_STAGE = 'ws';

/**
 * The HTTP API and the WebSocket API, with one function per entry of the route table and the
 * least privilege each entry asks for.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly functions: RouteFunction[] = [];
  /** The nested stacks of the features in NESTED_FEATURES, by name. */
  readonly featureStacks = new Map<string, NestedStack>();
  private readonly props: ApiProps;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.props = props;

    this.httpApi = new HttpApi(this, 'Http', {
      createDefaultStage: false,
      description: `Quiz HTTP API (${props.stage})`,
    });
    new HttpStage(this, 'HttpDefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'HttpAccessLogs', {
            retention: props.logRetention,
            removalPolicy: props.removalPolicy,
          }),
        ),
      },
    });

    this.webSocketApi = new WebSocketApi(this, 'WebSocket', {
      routeSelectionExpression: '$request.body.type',
      description: `Quiz realtime API (${props.stage})`,
    });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      throttle: { burstLimit: 100, rateLimit: 50 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'WebSocketAccessLogs', {
            retention: props.logRetention,
            removalPolicy: props.removalPolicy,
          }),
        ),
      },
    });
  }

  /** The HTTP API's host name (the CloudFront origin for `/api/*`). */
  get httpDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  /** The WebSocket API's host name (the CloudFront origin for `/ws`). */
  get webSocketDomain(): string {
    return `${this.webSocketApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  /** Creates every function and route from the route table; `appUrl` is the site's public URL. */
  addRoutes(appUrl: string) {
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const scope = this.scopeFor(route);
      const fn = this.createFunction(route, appUrl, scope);
      const integration = new HttpLambdaIntegration(`${functionIdFor(route)}Integration`, fn);
      if (scope === this)
        this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
      else
        new ApiRoute(scope, `${functionIdFor(route)}Route`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
        });
    }
    for (const route of webSocketRoutes as readonly WebSocketRoute[]) {
      const fn = this.createFunction(route, appUrl);
      this.webSocketApi.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${functionIdFor(route)}Integration`, fn),
      });
    }
    for (const consumer of queueConsumers as readonly QueueConsumer[]) {
      const fn = this.createFunction(consumer, appUrl);
      fn.addEventSource(
        new SqsEventSource(this.props.tickQueue, { batchSize: 10, reportBatchItemFailures: true }),
      );
    }
  }

  /** Where a route's resources go: this construct, or its feature's nested stack. */
  private scopeFor(route: HttpRoute): Construct {
    const feature = NESTED_FEATURES.find(({ pathPrefix }) => route.path.startsWith(pathPrefix));
    if (!feature) return this;
    let stack = this.featureStacks.get(feature.name);
    if (!stack) {
      stack = new NestedStack(this, feature.name, { description: `Quiz ${feature.name} routes` });
      this.featureStacks.set(feature.name, stack);
    }
    return stack;
  }

  private createFunction(
    settings: HttpRoute | WebSocketRoute | QueueConsumer,
    appUrl: string,
    scope: Construct = this,
  ) {
    const { table, materials, tickQueue } = this.props;
    const granted = (settings.grants as readonly Grant[] | undefined) ?? [];
    const generates = granted.includes('bedrock');
    // Reading an uploaded file extracts its text in the AI worker, as generating does.
    const usesAiWorker = generates || granted.includes('materialsRead');
    const fn = new RouteFunction(scope, functionIdFor(settings), {
      handlerModule: settings.handler,
      logRetention: this.props.logRetention,
      removalPolicy: this.props.removalPolicy,
      ...(settings.memoryMb ? { memorySize: settings.memoryMb } : {}),
      ...(settings.timeoutSeconds ? { timeout: Duration.seconds(settings.timeoutSeconds) } : {}),
      ...(usesAiWorker ? { bundling: generatorFiles } : {}),
      environment: {
        ...(generates && this.props.bedrockModelId
          ? {
              BEDROCK_MODEL_ID: this.props.bedrockModelId,
              ...(this.props.bedrockRegion ? { BEDROCK_REGION: this.props.bedrockRegion } : {}),
            }
          : {}),
        STAGE: this.props.stage,
        TABLE_NAME: table.tableName,
        APP_URL: appUrl,
        MATERIALS_BUCKET: materials.bucketName,
        MAIL_FROM: this.props.mailFrom,
        TICK_QUEUE_URL: tickQueue.queueUrl,
        WS_MANAGEMENT_ENDPOINT: this.webSocketStage.callbackUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    const grantTable: Record<TableAccess, () => void> = {
      none: () => undefined,
      read: () => table.grantReadData(fn),
      readwrite: () => table.grantReadWriteData(fn),
    };
    grantTable[settings.table]();
    const grants: Record<Grant, () => void> = {
      sendMail: () =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            // Identities include recipients while the account is in the SES sandbox; the sender is pinned.
            resources: [
              Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
            ],
            conditions: { StringEquals: { 'ses:FromAddress': senderAddress(this.props.mailFrom) } },
          }),
        ),
      materialsRead: () => materials.grantRead(fn),
      materialsWrite: () => {
        materials.grantPut(fn);
        materials.grantDelete(fn);
      },
      bedrock: () =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['bedrock:InvokeModel'],
            resources: [
              // Cross-region inference profiles route to the model in any of their regions.
              `arn:${Aws.PARTITION}:bedrock:*::foundation-model/*`,
              `arn:${Aws.PARTITION}:bedrock:*:${Aws.ACCOUNT_ID}:inference-profile/*`,
            ],
          }),
        ),
      manageConnections: () => this.webSocketApi.grantManageConnections(fn),
      tickQueue: () => tickQueue.grantSendMessages(fn),
    };
    for (const grant of settings.grants ?? []) grants[grant]();
    this.functions.push(fn);
    return fn;
  }
}
