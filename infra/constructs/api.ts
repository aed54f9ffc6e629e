import type { RemovalPolicy } from 'aws-cdk-lib';
import { Aws, Duration, NestedStack, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { CfnStage, CfnApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute as ApiRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
  WebSocketLambdaAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ARecord, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers,
  streamConsumers,
  webSocketRoutes,
  type Grant,
  type HttpRoute,
  type QueueConsumer,
  type StreamConsumer,
  type TableAccess,
  type WebSocketRoute,
} from '../../functions/routes';
import { DEPLOYED_ROUTE_ENV, deployedRouteOf } from '../../functions/api/deployed-route';
import { ORIGIN_SECRET_HEADER } from '../../functions/edge/origin-authorizer';
import { bedrockInvokeStatements } from './bedrock-access';
import { extractionWorkerCommand, nativeModulesCommand, RouteFunction } from './route-function';

export interface ApiProps {
  stage: string;
  table: TableV2;
  materials: Bucket;
  /** Questions' pictures, re-encoded, served by CloudFront under /quiz-images/ (storage.ts). */
  quizImages: Bucket;
  tickQueue: Queue;
  /** The quiz images bucket's removals (storage.ts), read by the `quiz-image-removals` consumer. */
  quizImageRemovals: Queue;
  /** Stripe's keys (payments.ts), readable by the functions with the `stripe` grant only. */
  stripeKeys: ISecret;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  mailFrom: string;
  /** Bedrock model or inference profile id for AI generation; without it the offline generator runs. */
  bedrockModelId?: string;
  /** Region of the Bedrock model when it is not the stack's. */
  bedrockRegion?: string;
  /**
   * Concurrent executions reserved for (and so the most allowed to) each function that can call
   * Bedrock; 0 reserves none (accounts whose concurrency quota is still the new-account 10).
   */
  aiReservedConcurrency: number;
}

/** A function of the route table and the entry it was made from. */
export interface RouteFunctionEntry {
  entry: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer;
  fn: RouteFunction;
}

/**
 * Classes of HTTP routes by what a burst of them costs. API Gateway throttles each route to its
 * class's rate (requests per second for the whole stage, not per client; WAF limits per client).
 */
export type RouteClass = 'read' | 'write' | 'auth' | 'ai' | 'admin';

export const ROUTE_THROTTLING: Record<RouteClass, { rateLimit: number; burstLimit: number }> = {
  /** Pages read these: lists, a quiz, search. */
  read: { rateLimit: 200, burstLimit: 400 },
  /** Plays, favourites, quiz edits. */
  write: { rateLimit: 50, burstLimit: 100 },
  /** Sign-in hashes a password (scrypt) and several calls send mail. */
  auth: { rateLimit: 20, burstLimit: 40 },
  /** Each call may run for 29 s and is billed by Bedrock; reserved concurrency caps them too. */
  ai: { rateLimit: 2, burstLimit: 5 },
  /** A handful of administrators. */
  admin: { rateLimit: 10, burstLimit: 20 },
};

/** The class of a route, from its row of the route table. */
export function routeClassOf(route: HttpRoute): RouteClass {
  if (route.grants?.includes('bedrock')) return 'ai';
  if (route.contract.path.startsWith('/api/auth/')) return 'auth';
  if (route.access === 'admin') return 'admin';
  return route.contract.method === 'GET' ? 'read' : 'write';
}

/** The fields of an access-log line (JSON, one per request, as CloudWatch Logs Insights reads them). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
};

const ORIGIN_AUTHORIZER_MODULE = 'functions/edge/origin-authorizer';

/**
 * What a generating function needs next to its bundle: the AI worker (text extraction and the
 * offline generator), bundled on its own, and the offline generator's Japanese dictionary
 * (kuromoji's `dict/`, 18 MB, not JavaScript, so esbuild cannot bundle it), which the worker reads.
 */
const generatorFiles = (inputDir: string, outputDir: string) => [
  `cp -R "${inputDir}/node_modules/kuromoji/dict" "${outputDir}/dict"`,
  extractionWorkerCommand(inputDir, outputDir),
];

/**
 * The commands that put beside a function's bundle what it carries besides its code: the AI worker
 * and dictionary for the functions that extract or generate, the native packages (sharp) of the
 * route's row installed for Lambda's linux-arm64. The test of the synthesized asset builds its
 * function with this too.
 */
export function afterBundlingFor(settings: {
  grants?: readonly Grant[];
  nativeModules?: readonly string[];
}): ((inputDir: string, outputDir: string) => string[]) | undefined {
  const granted = settings.grants ?? [];
  // Reading an uploaded file extracts its text in the AI worker, as generating does.
  if (granted.includes('bedrock') || granted.includes('materialsRead')) return generatorFiles;
  const native = settings.nativeModules ?? [];
  if (native.length === 0) return undefined;
  return (_inputDir, outputDir) => [nativeModulesCommand(outputDir, native)];
}

/** Every function's handler module, bundled by one esbuild build (`RouteFunction`'s `bundledWith`). */
const HANDLER_MODULES: readonly string[] = [
  ORIGIN_AUTHORIZER_MODULE,
  ...[...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers].map((entry) => entry.handler),
];

/**
 * CloudFormation allows 500 resources in a stack, and a route costs seven (function, role, policy,
 * log group, integration, route, invoke permission): the features listed here keep their routes in
 * a nested stack of their own (`Api/<name>`), which has a limit of its own. A feature whose routes
 * would take the main stack past the limit is added here.
 */
const NESTED_FEATURES: readonly { name: string; pathPrefix: string }[] = [
  { name: 'FocusedStudy', pathPrefix: '/api/focused-study/' },
  // The learning records' calls (issue 29): one nested stack for the four paths of the feature.
  { name: 'Learning', pathPrefix: '/api/learning/' },
  { name: 'Learning', pathPrefix: '/api/study-plans' },
  { name: 'Learning', pathPrefix: '/api/todos' },
  { name: 'Learning', pathPrefix: '/api/review/' },
  // Moderation and tag administration (issue 30 took the main stack to its limit).
  { name: 'Admin', pathPrefix: '/api/admin/' },
  // Class games' host calls (issue 31).
  { name: 'Classroom', pathPrefix: '/api/classroom/' },
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
  readonly httpStage: HttpStage;
  /** Every function, with the route table entry it serves. */
  readonly functions: RouteFunctionEntry[] = [];
  /** Where each stream consumer's batches go when they still fail after their retries. */
  readonly streamFailures: Queue[] = [];
  /** The nested stacks of the features in NESTED_FEATURES, by name. */
  readonly featureStacks = new Map<string, NestedStack>();
  /**
   * The secret CloudFront sends in `x-origin-verify` with every request it forwards; both APIs
   * refuse requests without it (functions/edge/origin-authorizer.ts), so nothing reaches a
   * function without passing the WAF web ACL in front of CloudFront.
   */
  readonly originSecret: Secret;
  /** Checks the origin secret on every HTTP route and on WebSocket `$connect`. */
  private readonly originAuthorizer: RouteFunction;
  /** The APIs' own host names, once `useOwnDomains` has given them some. */
  private ownDomains?: { http: string; webSocket: string };
  private readonly props: ApiProps;
  /** One role per set of permissions (table access + grants), shared by the functions that need exactly that. */
  private readonly roles = new Map<string, Role>();
  /** The site's distribution, once `addRoutes` is given it. */
  private distribution?: IDistribution;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.props = props;

    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `Quiz ${props.stage}: the header CloudFront adds to the requests it forwards to the APIs`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    this.originAuthorizer = new RouteFunction(this, 'OriginAuthorizer', {
      handlerModule: ORIGIN_AUTHORIZER_MODULE,
      bundledWith: HANDLER_MODULES,
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      memorySize: 256,
      timeout: Duration.seconds(5),
      environment: { ORIGIN_SECRET_ARN: this.originSecret.secretArn, NODE_OPTIONS: '--enable-source-maps' },
    });
    this.originSecret.grantRead(this.originAuthorizer);

    this.httpApi = new HttpApi(this, 'Http', {
      createDefaultStage: false,
      description: `Quiz HTTP API (${props.stage})`,
      // Every route, those of the nested stacks too. A request without the header is refused
      // before the authorizer runs; its answer is kept five minutes per header value.
      defaultAuthorizer: new HttpLambdaAuthorizer('FromCloudFront', this.originAuthorizer, {
        identitySource: [`$request.header.${ORIGIN_SECRET_HEADER}`],
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        resultsCacheTtl: Duration.minutes(5),
      }),
    });
    this.httpStage = new HttpStage(this, 'HttpDefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // Each route gets its class's limits (addRoutes); this is for anything else.
      throttle: ROUTE_THROTTLING.write,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'HttpAccessLogs', {
            retention: props.logRetention,
            removalPolicy: props.removalPolicy,
          }),
        ),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
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
        format: AccessLogFormat.custom(
          JSON.stringify({
            ...ACCESS_LOG_FIELDS,
            connectionId: '$context.connectionId',
            eventType: '$context.eventType',
          }),
        ),
      },
    });
  }

  /** The HTTP API's host name (the CloudFront origin for `/api/*`). */
  get httpDomain(): string {
    return this.ownDomains?.http ?? `${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
  }

  /** The WebSocket API's host name (the CloudFront origin for `/ws`). */
  get webSocketDomain(): string {
    return (
      this.ownDomains?.webSocket ?? `${this.webSocketApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`
    );
  }

  /**
   * Where the functions reach the WebSocket `@connections` API: the stage's callback URL, or with
   * domains of its own that domain and the stage's mapping (a disabled default endpoint answers
   * `@connections` calls 403 as well).
   */
  private get siteDistribution(): IDistribution {
    if (!this.distribution) throw new Error('addRoutes names the distribution before any function needs it');
    return this.distribution;
  }

  private get managementEndpoint(): string {
    return this.ownDomains
      ? `https://${this.ownDomains.webSocket}/${WEBSOCKET_STAGE}`
      : this.webSocketStage.callbackUrl;
  }

  /**
   * Serves both APIs from names of their own in `zone` (`api-<stage>.` and `ws-<stage>.`, with a
   * DNS-validated certificate) and turns their default `execute-api` endpoints off, so that
   * CloudFront, reaching them by those names, is the one way in. The WebSocket API is mapped at
   * `/ws`, the path CloudFront forwards. Call before the web construct and `addRoutes`.
   */
  useOwnDomains(zone: IHostedZone) {
    const names = {
      http: `api-${this.props.stage}.${zone.zoneName}`,
      webSocket: `ws-${this.props.stage}.${zone.zoneName}`,
    };
    const certificate = new Certificate(this, 'OriginCertificate', {
      domainName: names.http,
      subjectAlternativeNames: [names.webSocket],
      validation: CertificateValidation.fromDns(zone),
    });
    const served = (id: string, domainName: string) => {
      const domain = new DomainName(this, `${id}Domain`, { domainName, certificate });
      new ARecord(this, `${id}Record`, {
        zone,
        recordName: domainName,
        target: RecordTarget.fromAlias(
          new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId),
        ),
      });
      return domain;
    };
    new ApiMapping(this, 'HttpOriginMapping', {
      api: this.httpApi,
      domainName: served('HttpOrigin', names.http),
      stage: this.httpStage,
    });
    new ApiMapping(this, 'WebSocketOriginMapping', {
      api: this.webSocketApi,
      domainName: served('WebSocketOrigin', names.webSocket),
      stage: this.webSocketStage,
      apiMappingKey: WEBSOCKET_STAGE,
    });
    for (const api of [this.httpApi, this.webSocketApi])
      (api.node.defaultChild as CfnApi).disableExecuteApiEndpoint = true;
    this.ownDomains = names;
  }

  /**
   * Creates every function and route from the route table; `appUrl` is the site's public URL,
   * served by `distribution`.
   */
  addRoutes(appUrl: string, distribution: IDistribution) {
    this.distribution = distribution;
    // CloudFormation's names: RouteSettings is a plain JSON map, so CDK does not rename its keys.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const scope = this.scopeFor(route);
      const fn = this.createFunction(route, appUrl, scope);
      const integration = new HttpLambdaIntegration(`${functionIdFor(route)}Integration`, fn);
      const { method, path, key } = route.contract;
      const created =
        scope === this
          ? this.httpApi.addRoutes({ path, methods: [HttpMethod[method]], integration })
          : [
              new ApiRoute(scope, `${functionIdFor(route)}Route`, {
                httpApi: this.httpApi,
                routeKey: HttpRouteKey.with(path, HttpMethod[method]),
                integration,
              }),
            ];
      const { rateLimit, burstLimit } = ROUTE_THROTTLING[routeClassOf(route)];
      routeSettings[key] = {
        ThrottlingRateLimit: rateLimit,
        ThrottlingBurstLimit: burstLimit,
      };
      // A stage's route settings may only name routes that exist.
      for (const made of created) this.httpStage.node.addDependency(made);
    }
    (this.httpStage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);
    for (const route of webSocketRoutes as readonly WebSocketRoute[]) {
      const fn = this.createFunction(route, appUrl);
      this.webSocketApi.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${functionIdFor(route)}Integration`, fn),
        // A WebSocket API authorizes the connection; its messages ride on it.
        ...(route.routeKey === '$connect'
          ? {
              authorizer: new WebSocketLambdaAuthorizer('FromCloudFront', this.originAuthorizer, {
                identitySource: [`route.request.header.${ORIGIN_SECRET_HEADER}`],
              }),
            }
          : {}),
      });
    }
    const queues: Record<QueueConsumer['queue'], Queue> = {
      tick: this.props.tickQueue,
      'quiz-image-removals': this.props.quizImageRemovals,
    };
    for (const consumer of queueConsumers as readonly QueueConsumer[]) {
      const fn = this.createFunction(consumer, appUrl);
      fn.addEventSource(
        new SqsEventSource(queues[consumer.queue], {
          batchSize: consumer.batchSize ?? 10,
          ...(consumer.maxBatchingWindowSeconds
            ? { maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds) }
            : {}),
          ...(consumer.maxConcurrency ? { maxConcurrency: consumer.maxConcurrency } : {}),
          reportBatchItemFailures: true,
        }),
      );
    }
    for (const consumer of streamConsumers) {
      const fn = this.createFunction(consumer, appUrl);
      // Batches that still fail after their retries are described here (shard, sequence numbers),
      // for a look and a backfill; the records themselves stay in the stream for 24 hours.
      const failures = new Queue(this, `${functionIdFor(consumer)}Failures`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      this.streamFailures.push(failures);
      NagSuppressions.addResourceSuppressions(failures, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'The on-failure destination of a stream event source mapping: it is the end of the line, like a dead-letter queue, and needs none of its own.',
        },
        {
          id: 'Serverless-SQSRedrivePolicy',
          reason:
            'The on-failure destination of a stream event source mapping holds descriptions of failed batches (an alarm watches it); a further dead-letter queue behind it would only move them.',
        },
      ]);
      fn.addEventSource(
        new DynamoEventSource(this.props.table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: consumer.batchSize,
          parallelizationFactor: consumer.parallelizationFactor,
          maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds),
          retryAttempts: consumer.retryAttempts,
          bisectBatchOnError: true,
          onFailure: new SqsDlq(failures),
          filters: [
            FilterCriteria.filter({
              ...(consumer.events ? { eventName: FilterRule.or(...consumer.events) } : {}),
              dynamodb: {
                Keys: {
                  pk: { S: FilterRule.beginsWith(consumer.keys.pkPrefix) },
                  sk: {
                    S:
                      consumer.keys.skPrefix !== undefined
                        ? FilterRule.beginsWith(consumer.keys.skPrefix)
                        : FilterRule.isEqual(consumer.keys.sk),
                  },
                },
              },
            }),
          ],
        }),
      );
    }
  }

  /** Where a route's resources go: this construct, or its feature's nested stack. */
  private scopeFor(route: HttpRoute): Construct {
    const feature = NESTED_FEATURES.find(({ pathPrefix }) => route.contract.path.startsWith(pathPrefix));
    if (!feature) return this;
    let stack = this.featureStacks.get(feature.name);
    if (!stack) {
      stack = new NestedStack(this, feature.name, { description: `Quiz ${feature.name} routes` });
      this.featureStacks.set(feature.name, stack);
    }
    return stack;
  }

  private createFunction(
    settings: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer,
    appUrl: string,
    scope: Construct = this,
  ) {
    const { table, materials, quizImages, tickQueue } = this.props;
    const granted = (settings.grants as readonly Grant[] | undefined) ?? [];
    const generates = granted.includes('bedrock');
    const pays = granted.includes('stripe');
    const invalidates = granted.includes('invalidateQuizImages');
    const afterBundling = afterBundlingFor(settings);
    const fn = new RouteFunction(scope, functionIdFor(settings), {
      handlerModule: settings.handler,
      bundledWith: HANDLER_MODULES,
      role: this.roleFor(settings),
      logRetention: this.props.logRetention,
      removalPolicy: this.props.removalPolicy,
      ...(settings.memoryMb ? { memorySize: settings.memoryMb } : {}),
      ...(settings.timeoutSeconds ? { timeout: Duration.seconds(settings.timeoutSeconds) } : {}),
      ...(afterBundling ? { afterBundling } : {}),
      // A runaway of Bedrock calls costs money: at most this many at once per generating route.
      ...(generates && this.props.aiReservedConcurrency > 0
        ? { reservedConcurrentExecutions: this.props.aiReservedConcurrency }
        : {}),
      environment: {
        ...(generates && this.props.bedrockModelId
          ? {
              BEDROCK_MODEL_ID: this.props.bedrockModelId,
              ...(this.props.bedrockRegion ? { BEDROCK_REGION: this.props.bedrockRegion } : {}),
            }
          : {}),
        ...(pays ? { STRIPE_SECRET_ARN: this.props.stripeKeys.secretArn } : {}),
        ...(invalidates ? { DISTRIBUTION_ID: this.siteDistribution.distributionId } : {}),
        STAGE: this.props.stage,
        TABLE_NAME: table.tableName,
        APP_URL: appUrl,
        MATERIALS_BUCKET: materials.bucketName,
        QUIZ_IMAGES_BUCKET: quizImages.bucketName,
        MAIL_FROM: this.props.mailFrom,
        TICK_QUEUE_URL: tickQueue.queueUrl,
        WS_MANAGEMENT_ENDPOINT: this.managementEndpoint,
        NODE_OPTIONS: '--enable-source-maps',
        // An HTTP function's row, so that it need not load the route table at its cold start.
        ...('contract' in settings
          ? { [DEPLOYED_ROUTE_ENV]: JSON.stringify(deployedRouteOf(settings)) }
          : {}),
      },
    });
    this.functions.push({ entry: settings, fn });
    return fn;
  }

  /**
   * The role of a function: least privilege per route, shared between the routes whose needs are
   * the same (the table access and grants of the route table). One role per function would put
   * the stack over CloudFormation's 500 resources; roles that grant exactly the same thing add no
   * privilege by being shared.
   */
  private roleFor(settings: HttpRoute | WebSocketRoute | QueueConsumer | StreamConsumer): Role {
    const granted = [...((settings.grants as readonly Grant[] | undefined) ?? [])].sort();
    const key = [settings.table, ...granted].join(' ');
    const existing = this.roles.get(key);
    if (existing) return existing;
    const { table, materials, quizImages, tickQueue } = this.props;
    const id = `Role${key
      .split(' ')
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join('')}`;
    const role = new Role(this, id, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    const grantTable: Record<TableAccess, () => void> = {
      none: () => undefined,
      read: () => table.grantReadData(role),
      readwrite: () => table.grantReadWriteData(role),
    };
    grantTable[settings.table]();
    const grants: Record<Grant, () => void> = {
      sendMail: () =>
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            // Identities include recipients while the account is in the SES sandbox; the sender is pinned.
            resources: [
              Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
            ],
            conditions: { StringEquals: { 'ses:FromAddress': senderAddress(this.props.mailFrom) } },
          }),
        ),
      materialsRead: () => materials.grantRead(role),
      materialsWrite: () => {
        materials.grantPut(role);
        materials.grantDelete(role);
      },
      // The configured model or inference profile only; without one the offline generator runs
      // and no function may call Bedrock at all.
      bedrock: () => {
        const { bedrockModelId, bedrockRegion } = this.props;
        if (!bedrockModelId) return;
        for (const statement of bedrockInvokeStatements(
          bedrockModelId,
          bedrockRegion ?? Stack.of(this).region,
        ))
          role.addToPrincipalPolicy(statement);
      },
      manageConnections: () => this.webSocketApi.grantManageConnections(role),
      tickQueue: () => tickQueue.grantSendMessages(role),
      stripe: () => this.props.stripeKeys.grantRead(role),
      // Uploads are read and deleted under the members' picture prefixes only; presigning a POST
      // needs the put it signs for.
      quizImages: () => {
        materials.grantRead(role, 'uploads/*/quiz-images/*');
        materials.grantPut(role, 'uploads/*/quiz-images/*');
        materials.grantDelete(role, 'uploads/*/quiz-images/*');
        quizImages.grantReadWrite(role, 'quiz-images/*');
        quizImages.grantDelete(role, 'quiz-images/*');
      },
      // Invalidations of the site's own distribution; no other CloudFront action, no other distribution.
      invalidateQuizImages: () => this.siteDistribution.grantCreateInvalidation(role),
    };
    for (const grant of granted) grants[grant]();
    this.roles.set(key, role);
    return role;
  }
}
