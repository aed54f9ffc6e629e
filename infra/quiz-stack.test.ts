import { App, Aspects, NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE } from '../functions/lib/metrics';
import {
  functionIdFor,
  httpRoutes,
  queueConsumers,
  queueVisibilitySeconds,
  streamConsumers,
  webSocketRoutes,
  type HttpRoute,
} from '../functions/routes';
import { TABLE } from '../functions/data/table';
import { DEPLOYED_ROUTE_ENV, deployedRoute, deployedRouteOf } from '../functions/api/deployed-route';
import { contentSecurityPolicy, SECURITY_HEADERS, withWebSocketOrigin } from '../shared/security-headers';
import { ROUTE_THROTTLING, routeClassOf } from './constructs/api';
import { bedrockInvokeStatements, INFERENCE_PROFILE_REGIONS } from './constructs/bedrock-access';
import type { Storage } from './constructs/storage';
import { SPA_FALLBACK_FUNCTION, VIEWER_ADDRESS_FUNCTION, WEBSOCKET_ORIGIN_FUNCTION } from './constructs/web';
import { p99BudgetMs } from './constructs/observability';
import { DEFAULT_AI_RESERVED_CONCURRENCY, QuizStack } from './quiz-stack';
import { VIEWER_ADDRESS_HEADER } from '../shared/api';

/** CDK assertions on the synthesized stack, with the cdk-nag AwsSolutions and Serverless packs applied. */
let template: Template;
/** The stack's template and those of its nested stacks (features whose routes are kept apart). */
let templates: Template[];
let stack: QuizStack;
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/Quiz-ci/0000';

beforeAll(() => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="ja"></html>');
  // No bundling: these are assertions on the template (the bundles are tested in
  // generator-bundle.test.ts and measured by npm run bench); bundling 80-odd functions here took
  // minutes on a loaded machine.
  const app = new App({ context: { stage: 'ci', 'aws:cdk:bundling-stacks': [] } });
  stack = new QuizStack(app, 'Quiz-ci', {
    stage: 'ci',
    mailFrom: 'no-reply@example.com',
    webAssetPath: webDist,
    webAcl: { arn: WEB_ACL_ARN, metricName: 'Quiz-ci-edge' },
    alarmEmail: 'ops@example.com',
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  Aspects.of(app).add(new ServerlessChecks({ verbose: true }));
  template = Template.fromStack(stack);
  const nested = stack.node.findAll().filter((construct) => construct instanceof NestedStack);
  templates = [template, ...nested.map((child) => Template.fromStack(child))];
});

/** The stack's buckets. */
const storage = () => stack.node.findChild('Storage') as Storage;

/** Resources of a type in the stack and its nested stacks, by logical id. */
const resources = (type: string, props?: Parameters<Template['findResources']>[1]) =>
  templates.flatMap((each) => Object.entries(each.findResources(type, props)));
const routeFunctions = () =>
  resources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }).filter(
    ([logicalId]) => !logicalId.startsWith('ApiOriginAuthorizer'),
  );

/**
 * The route table's function id (`functionIdFor`) of a route function's logical id: `Api<id>` in
 * the main stack, `<id>` in a feature's nested stack, each followed by CDK's 8-character hash.
 */
const routeIdOf = (logicalId: string) =>
  [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers]
    .map((route) => functionIdFor(route))
    .find((id) => new RegExp(`^(Api)?${id}[0-9A-F]{8}$`).test(logicalId)) ?? '';

/**
 * The logical id (in the main stack) of a route function's role: roles live in the main stack and
 * are shared by functions with the same needs; a nested stack's function names its role through
 * a parameter the main stack sets from the role's ARN.
 */
function roleIdOf(fn: { Properties: { Role: unknown } }): string {
  const role = fn.Properties.Role as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
  if (role['Fn::GetAtt']) return role['Fn::GetAtt'][0];
  const nestedStacks = Object.values(template.findResources('AWS::CloudFormation::Stack'));
  const parameter = nestedStacks
    .map((nested) => (nested.Properties.Parameters ?? {}) as Record<string, { 'Fn::GetAtt'?: string[] }>)
    .map((parameters) => parameters[role.Ref!])
    .find(Boolean);
  return parameter!['Fn::GetAtt']![0]!;
}

/** The policy documents of a route function's role. */
function policiesOf(routeId: string): string {
  const [, fn] = routeFunctions().find(([logicalId]) => routeIdOf(logicalId) === routeId)!;
  const role = roleIdOf(fn as { Properties: { Role: unknown } });
  return JSON.stringify(
    Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === role))
      .map((policy) => policy.Properties.PolicyDocument),
  );
}

/** The route functions (their `functionIdFor` ids) whose role allows `action`. */
const allowedTo = (action: string) =>
  routeFunctions()
    .map(([logicalId]) => routeIdOf(logicalId))
    .filter((routeId) => policiesOf(routeId).includes(action))
    .sort();

describe('stack size', () => {
  it('keeps every stack within CloudFormation’s 500 resources', () => {
    for (const each of templates)
      expect(Object.keys(each.toJSON().Resources as object).length).toBeLessThanOrEqual(500);
  });
});

describe('QuizStack', () => {
  it('has no unsuppressed cdk-nag AwsSolutions or Serverless errors or warnings (its nested stack included)', () => {
    const annotations = Annotations.fromStack(stack);
    const findings = [
      ...annotations.findError('*', Match.stringLikeRegexp('(AwsSolutions|Serverless)-.*')),
      ...annotations.findWarning('*', Match.stringLikeRegexp('(AwsSolutions|Serverless)-.*')),
    ];
    expect(findings.map((finding) => `${finding.id}: ${String(finding.entry.data).split(':')[0]}`)).toEqual(
      [],
    );
  });

  it('creates one Node.js 22 arm64 function per route of the route table', () => {
    const functions = routeFunctions();
    const entries = [...httpRoutes, ...webSocketRoutes, ...queueConsumers, ...streamConsumers];
    expect(functions).toHaveLength(entries.length);
    for (const route of entries) {
      const id = functionIdFor(route);
      const match = functions.find(([logicalId]) => routeIdOf(logicalId) === id);
      expect(match, `function for ${id}`).toBeDefined();
      expect(match![1].Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('tells each HTTP function its own row of the route table (its cold start does not load the table), and no other function one', () => {
    for (const [logicalId, fn] of routeFunctions()) {
      const route = (httpRoutes as readonly HttpRoute[]).find(
        (row) => functionIdFor(row) === routeIdOf(logicalId),
      );
      const told = (fn.Properties.Environment.Variables as Record<string, unknown>)[DEPLOYED_ROUTE_ENV];
      if (!route) expect(told, logicalId).toBeUndefined();
      else {
        expect(JSON.parse(told as string), logicalId).toEqual(deployedRouteOf(route));
        expect(deployedRoute(route.contract, { [DEPLOYED_ROUTE_ENV]: told as string })).toEqual({
          contract: route.contract,
          access: route.access,
          ...(route.bodyLimitBytes !== undefined ? { bodyLimitBytes: route.bodyLimitBytes } : {}),
          ...(route.csrf === false ? { csrf: false } : {}),
        });
      }
    }
  });

  it('feeds the game clock queue to its consumer, reporting failed ticks one by one', () => {
    expect(queueConsumers.map((consumer) => consumer.queue)).toEqual(['tick', 'quiz-image-removals']);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('streams the table to the search indexer (quizzes) and the learning records (new answer events): failed batches split, then sent to a queue', () => {
    expect(streamConsumers.map((consumer) => consumer.stream)).toEqual(['search-index', 'learning-records']);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    const [tableId] = Object.keys(template.findResources('AWS::DynamoDB::GlobalTable'));
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('StreamArn'),
    );
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const consumer of streamConsumers) {
      const found = mappings.find((candidate) =>
        JSON.stringify(candidate.Properties.FunctionName).includes(`Api${functionIdFor(consumer)}`),
      );
      expect(found, consumer.stream).toBeDefined();
      const mapping = found!.Properties;
      expect(JSON.stringify(mapping.EventSourceArn)).toContain(tableId);
      expect(mapping).toMatchObject({
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: consumer.batchSize,
        ParallelizationFactor: consumer.parallelizationFactor,
        MaximumBatchingWindowInSeconds: consumer.maxBatchingWindowSeconds,
        MaximumRetryAttempts: consumer.retryAttempts,
        BisectBatchOnFunctionError: true,
        DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      });
      const queueId = (mapping.DestinationConfig.OnFailure.Destination as { 'Fn::GetAtt': string[] })[
        'Fn::GetAtt'
      ][0]!;
      expect(template.findResources('AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
      });
      expect(JSON.parse(mapping.FilterCriteria.Filters[0].Pattern)).toEqual({
        ...(consumer.events ? { eventName: consumer.events } : {}),
        dynamodb: {
          Keys: {
            pk: { S: [{ prefix: consumer.keys.pkPrefix }] },
            sk: {
              S:
                consumer.keys.skPrefix !== undefined
                  ? [{ prefix: consumer.keys.skPrefix }]
                  : [consumer.keys.sk],
            },
          },
        },
      });
    }
  });

  it('routes every HTTP route and WebSocket route key', () => {
    const routeKeys = resources('AWS::ApiGatewayV2::Route').map(
      ([, resource]) => resource.Properties.RouteKey as string,
    );
    for (const route of httpRoutes) expect(routeKeys).toContain(route.contract.key);
    for (const route of webSocketRoutes) expect(routeKeys).toContain(route.routeKey);
  });

  it('defines the table from the shared definition, with PITR and TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: TABLE.indexes.map((index) => Match.objectLike({ IndexName: index.name })),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('gives read-only routes read-only table access', () => {
    const actions = policiesOf('GetApiCategories');
    expect(actions).toContain('dynamodb:Query');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:DeleteItem');
  });

  it('has a tick queue with a dead-letter queue, all queues SSL-only', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 3 }),
    });
    // With the search indexer's and the learning records' on-failure queues, and the quiz images
    // bucket's removals with their dead-letter queue.
    template.resourceCountIs('AWS::SQS::Queue', 6);
    template.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      {
        PolicyDocument: Match.objectLike({
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny' })]),
        }),
      },
      6,
    );
  });

  it('keeps the materials bucket private, encrypted, SSL-only, with CORS for presigned POST', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'] })] },
    });
  });

  it('serves the SPA, /api/* and /ws from one CloudFront distribution with security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/api/*' }),
          Match.objectLike({ PathPattern: '/ws' }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            Match.objectLike({ EventType: 'viewer-request' }),
            Match.objectLike({ EventType: 'viewer-response' }),
          ],
        }),
      }),
    });
    // The SPA's bucket and the questions' pictures' bucket, each read by CloudFront alone.
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('serves questions’ pictures from their private bucket under /quiz-images/*, cached (immutable names)', () => {
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        AllowedMethods: string[];
        CachePolicyId: string;
      }[];
    };
    const behaviour = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/quiz-images/*')!;
    expect(behaviour.AllowedMethods).toEqual(['GET', 'HEAD']);
    // CloudFront's managed CachingOptimized policy: it keeps what the objects' Cache-Control says.
    expect(behaviour.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
    const origin = config.Origins.find((candidate) => candidate.Id === behaviour.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(origin.DomainName)).toContain('QuizImages');
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      }),
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/quiz-images/' },
    });
  });

  it('removes what is left behind: every upload (question pictures’ included) a day after it was made, and unfinished multipart uploads', () => {
    const rulesOf = (bucket: Storage['materials']) =>
      (
        template.findResources('AWS::S3::Bucket')[stack.getLogicalId(bucket.node.defaultChild as never)]!
          .Properties as { LifecycleConfiguration: { Rules: Record<string, unknown>[] } }
      ).LifecycleConfiguration.Rules;
    // No prefix: the rule covers `uploads/<user id>/quiz-images/` with everything else in the bucket.
    expect(rulesOf(storage().materials)).toEqual([
      {
        Status: 'Enabled',
        ExpirationInDays: 1,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      },
    ]);
    // Stored pictures never expire (a question shows them); unfinished uploads there go too.
    expect(rulesOf(storage().quizImages)).toEqual([
      { Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } },
    ]);
  });

  it('takes a removed picture off the edge: the bucket’s removals queue, read in batches by a function that may only invalidate this distribution', () => {
    const logicalId = (construct: Parameters<Stack['getLogicalId']>[0]) => stack.getLogicalId(construct);
    const bucketId = logicalId(storage().quizImages.node.defaultChild as never);
    const queueId = logicalId(storage().quizImageRemovals.node.defaultChild as never);
    const [distributionId] = Object.keys(template.findResources('AWS::CloudFront::Distribution'));
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: bucketId },
      NotificationConfiguration: {
        QueueConfigurations: [
          {
            Events: ['s3:ObjectRemoved:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'quiz-images/' }] } },
            QueueArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
          },
        ],
      },
    });
    // S3 may send to the queue, for this bucket only.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Principal: { Service: 's3.amazonaws.com' },
            Condition: { ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [bucketId, 'Arn'] } } },
          }),
        ]),
      }),
    });
    const consumer = queueConsumers.find((entry) => entry.queue === 'quiz-image-removals')!;
    const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
      (candidate) => JSON.stringify(candidate.Properties.EventSourceArn).includes(queueId),
    )!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: consumer.batchSize,
      MaximumBatchingWindowInSeconds: consumer.maxBatchingWindowSeconds,
      // Two batches at once at most, each with one wildcard path at most (CloudFront allows 15).
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    // The queue keeps a batch from others for six times the function's timeout.
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: queueVisibilitySeconds('quiz-image-removals'),
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 10 }),
    });
    const [functionId, fn] = routeFunctions().find(([id]) => routeIdOf(id) === functionIdFor(consumer))!;
    expect(JSON.stringify(mapping.Properties.FunctionName)).toContain(functionId);
    expect(fn.Properties.Environment.Variables.DISTRIBUTION_ID).toEqual({ Ref: distributionId });
    // Only this function may invalidate, and only this distribution: no wildcard resource.
    expect(allowedTo('cloudfront:')).toEqual([functionIdFor(consumer)]);
    const statements = (
      JSON.parse(policiesOf(functionIdFor(consumer))) as {
        Statement: { Action: unknown; Resource: unknown }[];
      }[]
    ).flatMap((document) => document.Statement);
    expect(
      statements.filter((statement) => JSON.stringify(statement.Action).includes('cloudfront:')),
    ).toEqual([
      expect.objectContaining({
        Action: 'cloudfront:CreateInvalidation',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':cloudfront::123456789012:distribution/',
              { Ref: distributionId },
            ],
          ],
        },
      }),
    ]);
    // A removal that fails every try waits in a dead-letter queue, which is alarmed.
    const queue = template.findResources('AWS::SQS::Queue')[queueId]!.Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, RedrivePolicy: { maxReceiveCount: 10 } });
  });

  it('sends the security headers of the one shared definition on every behaviour', () => {
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: stack.resolve(
              contentSecurityPolicy({ materialsOrigin: storage().materialsOrigin }),
            ),
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: SECURITY_HEADERS.frameOptions, Override: true },
          ReferrerPolicy: { ReferrerPolicy: SECURITY_HEADERS.referrerPolicy, Override: true },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: SECURITY_HEADERS.strictTransportSecurity.maxAgeSeconds,
            IncludeSubdomains: true,
            Override: true,
          },
          XSSProtection: { Protection: true, ModeBlock: true, Override: true },
        },
      }),
    });
    const [policyId] = Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId: unknown }[];
    };
    const policyOf = (behaviour: { ResponseHeadersPolicyId: unknown }) => behaviour.ResponseHeadersPolicyId;
    expect(policyOf(config.DefaultCacheBehavior)).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors.map((behaviour) => [behaviour.PathPattern, policyOf(behaviour)])).toEqual([
      ['/api/*', { Ref: policyId }],
      ['/ws', { Ref: policyId }],
      ['/quiz-images/*', { Ref: policyId }],
    ]);
  });

  it("lets pages connect only to the site's own origin, its WebSocket endpoint and the materials bucket", () => {
    const policy = JSON.stringify(
      Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties,
    );
    // The bucket the presigned POST is signed for: <name>.s3.<region>.amazonaws.com.
    expect(policy).toContain(
      `connect-src 'self' https://quiz-ci-uploads-",{"Ref":"AWS::AccountId"},"-",{"Ref":"AWS::Region"},".s3.",{"Ref":"AWS::Region"},".",{"Ref":"AWS::URLSuffix"},"; frame-ancestors`,
    );
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: {
        'Fn::Join': ['', ['quiz-ci-uploads-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]],
      },
      CorsConfiguration: Match.anyValue(),
    });
    expect(policy).not.toMatch(/ (https?|wss?):[ ;"]/);
    // The distribution cannot name its own domain in its policy: its pages get `wss://<host>` added
    // as they leave CloudFront.
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as { DefaultCacheBehavior: { FunctionAssociations: { EventType: string }[] } };
    expect(
      config.DefaultCacheBehavior.FunctionAssociations.map((association) => association.EventType),
    ).toEqual(['viewer-request', 'viewer-response']);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: WEBSOCKET_ORIGIN_FUNCTION,
    });
    const handler = new Function(`${WEBSOCKET_ORIGIN_FUNCTION}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const deployed = contentSecurityPolicy({
      materialsOrigin: 'https://quiz-materials.s3.ap-northeast-1.amazonaws.com',
    });
    const answered = handler({
      context: { distributionDomainName: 'd111111abcdef8.cloudfront.net' },
      request: { headers: { host: { value: 'd111111abcdef8.cloudfront.net' } } },
      response: { headers: { 'content-security-policy': { value: deployed } } },
    });
    expect(answered.headers['content-security-policy']!.value).toBe(
      withWebSocketOrigin(deployed, 'wss://d111111abcdef8.cloudfront.net'),
    );
    expect(answered.headers['content-security-policy']!.value).toContain(
      "connect-src 'self' wss://d111111abcdef8.cloudfront.net https://quiz-materials.s3.ap-northeast-1.amazonaws.com;",
    );
  });

  it("answers / with home's own page and every other extension-less path with the app's", () => {
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_FALLBACK_FUNCTION });
    const handler = new Function(`${SPA_FALLBACK_FUNCTION}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const uriFor = (uri: string) => handler({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/home.html');
    expect(uriFor('/quiz/abc')).toBe('/index.html');
    expect(uriFor('/quiz-search')).toBe('/index.html');
    expect(uriFor('/assets/app-abc.js')).toBe('/assets/app-abc.js');
    expect(uriFor('/favicon.svg')).toBe('/favicon.svg');
  });

  it("hands the APIs the visitor's own address, written over any the visitor sent (per-address limits)", () => {
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as {
      CacheBehaviors: { PathPattern: string; FunctionAssociations?: { EventType: string }[] }[];
    };
    // The APIs' behaviours; the pictures' behaviour reaches S3 only.
    for (const behaviour of config.CacheBehaviors.filter(
      (candidate) => candidate.PathPattern !== '/quiz-images/*',
    ))
      expect(
        behaviour.FunctionAssociations?.map((association) => association.EventType),
        behaviour.PathPattern,
      ).toEqual(['viewer-request']);
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: VIEWER_ADDRESS_FUNCTION });
    const handler = new Function(`${VIEWER_ADDRESS_FUNCTION}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const forwarded = handler({
      viewer: { ip: '2001:db8:1:2::7' },
      request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: '203.0.113.1' } } },
    });
    expect(forwarded.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8:1:2::7' });
  });

  it('names the WebSocket stage after the /ws path CloudFront forwards', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws' });
  });
});

describe('mail permissions', () => {
  it('lets only the mail-sending routes send, and only from the configured sender', () => {
    expect(allowedTo('ses:SendEmail')).toEqual(
      ['PostApiAuthEmailRegister', 'PostApiAuthLogin', 'PostApiAuthRequestPasswordReset'].sort(),
    );
    for (const routeId of allowedTo('ses:SendEmail'))
      expect(policiesOf(routeId)).toContain('"ses:FromAddress":"no-reply@example.com"');
  });
});

describe('AI generation functions', () => {
  const generators = [
    'PostApiAiGenerateQuizFromText',
    'PostApiAiGenerateQuizFromPdf',
    'PostApiAiGenerateQuizFromWord',
    'PostApiFocusedStudyStartSession',
    'PostApiFocusedStudyGenerateNewQuestions',
  ];

  it('run up to 29 s (the HTTP API answers within 30 s) with room for the dictionary and pdf.js', () => {
    const functions = Object.fromEntries(routeFunctions());
    for (const id of generators) {
      const fn = Object.entries(functions).find(([logicalId]) => routeIdOf(logicalId) === id)?.[1];
      expect(fn, id).toBeDefined();
      expect(fn!.Properties.Timeout).toBe(29);
      expect(fn!.Properties.MemorySize).toBe(1536);
      // No model configured for this stage: the offline generator runs.
      expect(fn!.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBeUndefined();
    }
  });

  it('lets no function call Bedrock when no model is configured (the offline generator runs)', () => {
    expect(allowedTo('bedrock:')).toEqual([]);
  });
});

describe('Bedrock permission', () => {
  const PROFILE = 'apac.anthropic.claude-sonnet-4-20250514-v1:0';
  const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
  /** The Bedrock statements of every role of a stack configured with `PROFILE` (from Tokyo). */
  let statements: { Action: unknown; Resource: unknown; Condition?: unknown }[];
  /** The roles that hold them. */
  let invokingRoles: string[];
  /** The same stack's template: it also has a Route 53 zone for the APIs' own domains. */
  let ownDomains: Template;
  let generatorRoles: string[];

  beforeAll(() => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const withModel = new QuizStack(app, 'Quiz-bedrock', {
      stage: 'bedrock',
      mailFrom: 'no-reply@example.com',
      webAcl: { arn: WEB_ACL_ARN },
      bedrockModelId: PROFILE,
      originZone: { hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'example.jp' },
      env: { account: '123456789012', region: 'ap-northeast-1' },
    });
    const main = Template.fromStack(withModel);
    ownDomains = main;
    const policies = Object.values(main.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('bedrock:'),
    );
    statements = policies
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: typeof statements }).Statement)
      .filter((statement) => JSON.stringify(statement.Action).includes('bedrock:'));
    invokingRoles = policies.flatMap((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref),
    );
    const nested = withModel.node.findAll().filter((construct) => construct instanceof NestedStack);
    const functions = [main, ...nested.map((child) => Template.fromStack(child))].flatMap((each) =>
      Object.entries(each.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } })),
    );
    generatorRoles = [
      ...new Set(
        functions
          .filter(([, fn]) => fn.Properties.Environment.Variables.BEDROCK_MODEL_ID === PROFILE)
          .map(([, fn]) => {
            const role = fn.Properties.Role as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
            if (role['Fn::GetAtt']) return role['Fn::GetAtt'][0];
            const parameters = Object.values(main.findResources('AWS::CloudFormation::Stack')).map(
              (stack) => (stack.Properties.Parameters ?? {}) as Record<string, { 'Fn::GetAtt'?: string[] }>,
            );
            return parameters.map((each) => each[role.Ref!]).find(Boolean)!['Fn::GetAtt']![0]!;
          }),
      ),
    ];
  });

  const arn = (region: string, account: string, resource: string) => ({
    'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:bedrock:${region}:${account}:${resource}`]],
  });

  it('is given to the generating routes only, for the configured inference profile and nothing else', () => {
    expect(generatorRoles.length).toBeGreaterThan(0);
    expect([...new Set(invokingRoles)].sort()).toEqual([...generatorRoles].sort());
    expect(JSON.stringify(statements)).not.toMatch(
      /bedrock:\*|\/\*"|inference-profile\/\*|foundation-model\/\*/,
    );
    const profileArn = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':bedrock:ap-northeast-1:',
          { Ref: 'AWS::AccountId' },
          `:inference-profile/${PROFILE}`,
        ],
      ],
    };
    const unique = [
      ...new Map(statements.map((statement) => [JSON.stringify(statement), statement])).values(),
    ];
    expect(unique).toEqual([
      { Action: 'bedrock:InvokeModel', Effect: 'Allow', Resource: profileArn },
      {
        Action: 'bedrock:InvokeModel',
        Effect: 'Allow',
        Condition: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
        Resource: INFERENCE_PROFILE_REGIONS.apac!.map((region) =>
          arn(region, '', `foundation-model/${MODEL}`),
        ),
      },
    ]);
  });

  it('with a zone of its own, turns both APIs’ default endpoints off and reaches them by their own names', () => {
    const apis = Object.values(ownDomains.findResources('AWS::ApiGatewayV2::Api'));
    expect(
      apis.map((api) => [api.Properties.ProtocolType, api.Properties.DisableExecuteApiEndpoint]),
    ).toEqual([
      ['HTTP', true],
      ['WEBSOCKET', true],
    ]);
    const origins = (
      Object.values(ownDomains.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
        .DistributionConfig as {
        Origins: { DomainName: unknown }[];
      }
    ).Origins.map((origin) => origin.DomainName);
    expect(origins).toEqual(expect.arrayContaining(['api-bedrock.example.jp', 'ws-bedrock.example.jp']));
    ownDomains.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { ApiMappingKey: 'ws' });
    ownDomains.resourceCountIs('AWS::Route53::RecordSet', 2);
    ownDomains.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api-bedrock.example.jp',
      SubjectAlternativeNames: ['ws-bedrock.example.jp'],
      ValidationMethod: 'DNS',
    });
    // The @connections API of a disabled default endpoint answers 403: the functions use the own name.
    const endpoints = new Set(
      Object.values(
        ownDomains.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }),
      ).map((fn) => fn.Properties.Environment.Variables.WS_MANAGEMENT_ENDPOINT as unknown),
    );
    endpoints.delete(undefined);
    expect([...endpoints]).toEqual(['https://ws-bedrock.example.jp/ws']);
  });

  it('names a foundation model in its own Region, and refuses a profile its Region cannot use', () => {
    const resolve = (modelId: string, region: string) =>
      new Stack().resolve(
        bedrockInvokeStatements(modelId, region).map((statement) => statement.toStatementJson()),
      );
    expect(resolve('anthropic.claude-3-haiku-20240307-v1:0', 'us-west-2')).toEqual([
      {
        Action: 'bedrock:InvokeModel',
        Effect: 'Allow',
        Resource: arn('us-west-2', '', 'foundation-model/anthropic.claude-3-haiku-20240307-v1:0'),
      },
    ]);
    expect(JSON.stringify(resolve('jp.' + MODEL, 'ap-northeast-3'))).toContain(
      'ap-northeast-1::foundation-model',
    );
    expect(() => resolve('jp.' + MODEL, 'us-east-1')).toThrow(/cannot be used from us-east-1/);
  });
});

describe('payments', () => {
  const stripeRouteIds = (httpRoutes as readonly HttpRoute[])
    .filter((route) => route.grants?.includes('stripe'))
    .map((route) => functionIdFor(route));

  it("routes Stripe's webhook and keeps the Stripe keys in a secret, never in the environment", () => {
    const routeKeys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (resource) => resource.Properties.RouteKey as string,
    );
    expect(routeKeys).toContain('POST /api/stripe/webhook');
    // The Stripe keys, and the origin secret CloudFront sends to the APIs.
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    const [secretId] = Object.keys(
      template.findResources('AWS::SecretsManager::Secret', {
        Properties: { Description: Match.stringLikeRegexp('^Stripe') },
      }),
    );
    for (const [logicalId, fn] of routeFunctions()) {
      const environment = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(JSON.stringify(environment)).not.toMatch(/sk_(live|test)_|whsec_/);
      const pays = stripeRouteIds.includes(routeIdOf(logicalId));
      expect(environment.STRIPE_SECRET_ARN, logicalId).toEqual(pays ? { Ref: secretId } : undefined);
    }
  });

  it('lets only the payment routes read the secret', () => {
    expect(allowedTo('secretsmanager:GetSecretValue')).toEqual([...stripeRouteIds].sort());
    expect(stripeRouteIds).toEqual(
      expect.arrayContaining(['PostApiStripeWebhook', 'PostApiUserCancelPro', 'DeleteApiUserDelete']),
    );
  });
});

describe('observability', () => {
  const monitoring = () => Template.fromStack(stack.node.findChild('Monitoring') as Stack);
  const alarms = () => Object.values(monitoring().findResources('AWS::CloudWatch::Alarm'));

  it('gives every function a log group of the stack with the stage retention (no log group left to Lambda)', () => {
    const logGroups = Object.fromEntries(resources('AWS::Logs::LogGroup'));
    for (const [id, fn] of routeFunctions()) {
      const ref = (fn.Properties.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
      expect(ref && logGroups[ref], id).toBeDefined();
      expect(logGroups[ref!]!.Properties.RetentionInDays, id).toBe(30);
    }
    template.resourceCountIs('Custom::LogRetention', 0);
  });

  it('traces every route function with X-Ray', () => {
    for (const [id, fn] of routeFunctions())
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
  });

  it('writes the API access logs as JSON with the request id and route', () => {
    for (const stage of Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))) {
      const format = JSON.parse(stage.Properties.AccessLogSettings.Format as string) as Record<
        string,
        string
      >;
      expect(format).toMatchObject({
        requestId: '$context.requestId',
        routeKey: '$context.routeKey',
        status: '$context.status',
      });
    }
  });

  it('has one encrypted, SSL-only alarm topic per stage with the alarm e-mail subscribed, and one dashboard', () => {
    const nested = monitoring();
    nested.resourceCountIs('AWS::SNS::Topic', 1);
    nested.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    nested.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    nested.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    nested.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('tells the topic when any alarm goes off and when it clears', () => {
    const [topicId] = Object.keys(monitoring().findResources('AWS::SNS::Topic'));
    for (const alarm of alarms()) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
      expect(alarm.Properties.AlarmDescription).toContain('docs/operations.md');
    }
  });

  it('alarms on p99 duration for every HTTP route of the route table, at its budget', () => {
    const latency = alarms().filter((alarm) => alarm.Properties.ExtendedStatistic === 'p99');
    expect(latency).toHaveLength(httpRoutes.length);
    expect(latency.map((alarm) => alarm.Properties.Threshold as number).sort((a, b) => a - b)).toEqual(
      httpRoutes.map(p99BudgetMs).sort((a, b) => a - b),
    );
    for (const alarm of latency)
      expect(alarm.Properties).toMatchObject({ MetricName: 'Duration', EvaluationPeriods: 3 });
    for (const route of httpRoutes)
      expect(
        latency.some((alarm) =>
          String(alarm.Properties.AlarmDescription).startsWith(`${route.contract.key}:`),
        ),
        route.contract.key,
      ).toBe(true);
  });

  it('alarms on errors and throttles of every function', () => {
    const count = httpRoutes.length + webSocketRoutes.length + queueConsumers.length + streamConsumers.length;
    for (const metric of ['Errors', 'Throttles'])
      expect(
        alarms().filter(
          (alarm) => alarm.Properties.MetricName === metric && alarm.Properties.Namespace === 'AWS/Lambda',
        ),
      ).toHaveLength(count);
  });

  it('alarms on the 5xx rate, the dead-letter queue, WebSocket errors and payment webhook failures', () => {
    const byId = (id: string) => {
      const found = Object.entries(monitoring().findResources('AWS::CloudWatch::Alarm')).find(([logicalId]) =>
        logicalId.startsWith(`Observability${id}`),
      );
      expect(found, id).toBeDefined();
      return found![1].Properties;
    };
    const rate = byId('Http5xxRate');
    expect(JSON.stringify(rate.Metrics)).toContain('100 * FILL(errors, 0) / requests');
    expect(JSON.stringify(rate.Metrics)).toContain('"MetricName":"5xx"');
    expect(rate).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold' });
    expect(byId('DeadLetters')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    const webSocket = JSON.stringify(byId('WebSocketErrors').Metrics);
    for (const name of ['ExecutionError', 'IntegrationError', METRIC.webSocketErrors])
      expect(webSocket).toContain(name);
    expect(byId('PaymentWebhookFailures')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.paymentWebhookFailures,
      Dimensions: [{ Name: 'stage', Value: 'ci' }],
      Threshold: 1,
    });
  });
});

describe('the APIs behind CloudFront', () => {
  it('refuse every request that did not come through CloudFront (and so past the WAF)', () => {
    const routes = resources('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties);
    const authorized = routes
      .filter((route) => route.AuthorizationType === 'CUSTOM')
      .map((route) => route.RouteKey);
    expect(authorized.sort()).toEqual([...httpRoutes.map((route) => route.contract.key), '$connect'].sort());
    const authorizers = Object.values(template.findResources('AWS::ApiGatewayV2::Authorizer')).map(
      (authorizer) => authorizer.Properties,
    );
    expect(authorizers.map((authorizer) => authorizer.IdentitySource).sort()).toEqual([
      ['$request.header.x-origin-verify'],
      ['route.request.header.x-origin-verify'],
    ]);
    expect(
      authorizers.find((authorizer) => authorizer.EnableSimpleResponses)?.AuthorizerResultTtlInSeconds,
    ).toBe(300);
    const [secretId] = Object.keys(
      template.findResources('AWS::SecretsManager::Secret', {
        Properties: { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) },
      }),
    );
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ ORIGIN_SECRET_ARN: { Ref: secretId } }) },
    });
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig as {
      Origins: { Id: string; CustomOriginConfig?: unknown; OriginCustomHeaders?: unknown[] }[];
    };
    const apiOrigins = config.Origins.filter((origin) => origin.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(2);
    for (const origin of apiOrigins) {
      const headers = JSON.stringify(origin.OriginCustomHeaders);
      expect(headers).toContain('"HeaderName":"x-origin-verify"');
      // A dynamic reference: CloudFormation resolves it at deployment; the template never holds it.
      expect(headers).toContain('{{resolve:secretsmanager:');
      expect(headers).toContain(secretId);
    }
  });

  it('keep their default endpoints on (CloudFront reaches them there) without a zone of their own, and say so', () => {
    for (const api of Object.values(template.findResources('AWS::ApiGatewayV2::Api')))
      expect(api.Properties.DisableExecuteApiEndpoint).toBeUndefined();
    const warnings = Annotations.fromStack(stack).findWarning(
      '*',
      Match.stringLikeRegexp('execute-api endpoints'),
    );
    expect(warnings).toHaveLength(1);
  });
});

describe('protection', () => {
  it('puts the stage web ACL in front of CloudFront', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: WEB_ACL_ARN }),
    });
  });

  it('throttles every HTTP route at its class limits', () => {
    const httpStage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')).find(
      (stage) => stage.Properties.StageName === '$default',
    )!;
    const settings = httpStage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    expect(Object.keys(settings).sort()).toEqual(httpRoutes.map((route) => route.contract.key).sort());
    for (const route of httpRoutes) {
      const limits = ROUTE_THROTTLING[routeClassOf(route)];
      expect(settings[route.contract.key], route.contract.key).toEqual({
        ThrottlingRateLimit: limits.rateLimit,
        ThrottlingBurstLimit: limits.burstLimit,
      });
    }
    expect(routeClassOf(httpRoutes.find((route) => route.contract.path === '/api/auth/login')!)).toBe('auth');
    expect(
      routeClassOf(httpRoutes.find((route) => route.contract.path === '/api/ai/generate-quiz-from-text')!),
    ).toBe('ai');
    expect(ROUTE_THROTTLING.ai.rateLimit).toBeLessThan(ROUTE_THROTTLING.read.rateLimit);
  });

  it('reserves (and so caps) the concurrency of the functions that can call Bedrock, and only theirs', () => {
    const capped = routeFunctions()
      .filter(([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([logicalId, fn]) => [routeIdOf(logicalId), fn.Properties.ReservedConcurrentExecutions]);
    expect(capped.sort()).toEqual(
      [
        'PostApiAiGenerateQuizFromPdf',
        'PostApiAiGenerateQuizFromText',
        'PostApiAiGenerateQuizFromWord',
        'PostApiFocusedStudyGenerateNewQuestions',
        'PostApiFocusedStudyStartSession',
      ].map((id) => [id, DEFAULT_AI_RESERVED_CONCURRENCY]),
    );
  });
});
