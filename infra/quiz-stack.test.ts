import { App, Aspects, NestedStack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionIdFor, httpRoutes, queueConsumers, webSocketRoutes } from '../functions/routes';
import { TABLE } from '../functions/data/table';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../shared/security-headers';
import { QuizStack } from './quiz-stack';

/** CDK assertions on the synthesized stack, with the cdk-nag AwsSolutions pack applied. */
let template: Template;
/** The stack's template and those of its nested stacks (features whose routes are kept apart). */
let templates: Template[];
let stack: QuizStack;

beforeAll(() => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="ja"></html>');
  // No bundling: these are assertions on the template (the bundles are tested in
  // generator-bundle.test.ts and measured by npm run bench); bundling 80-odd functions here took
  // minutes on a loaded machine.
  const app = new App({ context: { stage: 'test', 'aws:cdk:bundling-stacks': [] } });
  stack = new QuizStack(app, 'Quiz-test', {
    stage: 'test',
    mailFrom: 'no-reply@example.com',
    webAssetPath: webDist,
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  template = Template.fromStack(stack);
  const nested = stack.node.findAll().filter((construct) => construct instanceof NestedStack);
  templates = [template, ...nested.map((child) => Template.fromStack(child))];
});

/** Resources of a type in the stack and its nested stacks, by logical id. */
const resources = (type: string, props?: Parameters<Template['findResources']>[1]) =>
  templates.flatMap((each) => Object.entries(each.findResources(type, props)));
const routeFunctions = () => resources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } });
/** A route's function id from one of its resources' logical ids (in a nested stack they lack `Api`). */
const routeIdOf = (logicalId: string) => logicalId.replace(/ServiceRole.*/, '').replace(/^Api/, '');

describe('stack size', () => {
  it('keeps every stack within CloudFormation’s 500 resources', () => {
    for (const each of templates)
      expect(Object.keys(each.toJSON().Resources as object).length).toBeLessThanOrEqual(500);
  });
});

describe('QuizStack', () => {
  it('has no unsuppressed cdk-nag AwsSolutions errors', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(errors.map((error) => `${error.id}: ${String(error.entry.data).split(':')[0]}`)).toEqual([]);
  });

  it('creates one Node.js 22 arm64 function per route of the route table', () => {
    const functions = routeFunctions();
    expect(functions).toHaveLength(httpRoutes.length + webSocketRoutes.length + queueConsumers.length);
    for (const route of [...httpRoutes, ...webSocketRoutes, ...queueConsumers]) {
      const id = functionIdFor(route);
      const match = functions.find(([logicalId]) => routeIdOf(logicalId).startsWith(id));
      expect(match, `function for ${id}`).toBeDefined();
      expect(match![1].Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('feeds the game clock queue to its consumer, reporting failed ticks one by one', () => {
    expect(queueConsumers.map((consumer) => consumer.queue)).toEqual(['tick']);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('routes every HTTP route and WebSocket route key', () => {
    const routeKeys = resources('AWS::ApiGatewayV2::Route').map(
      ([, resource]) => resource.Properties.RouteKey as string,
    );
    for (const route of httpRoutes) expect(routeKeys).toContain(`${route.method} ${route.path}`);
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
    const policies = template.findResources('AWS::IAM::Policy');
    const categoriesPolicy = Object.entries(policies).find(([logicalId]) =>
      logicalId.startsWith('ApiGetApiCategories'),
    );
    const actions = JSON.stringify(categoriesPolicy?.[1].Properties.PolicyDocument);
    expect(actions).toContain('dynamodb:Query');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:DeleteItem');
  });

  it('has a tick queue with a dead-letter queue, both SSL-only', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 3 }),
    });
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      {
        PolicyDocument: Match.objectLike({
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny' })]),
        }),
      },
      2,
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
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('sends the security headers of the one shared definition on every behaviour', () => {
    template.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy(), Override: true },
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
    ]);
  });

  it('names the WebSocket stage after the /ws path CloudFront forwards', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws' });
  });
});

describe('mail permissions', () => {
  it('lets only the mail-sending routes send, and only from the configured sender', () => {
    const policies = resources('AWS::IAM::Policy');
    const senders = policies.filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('ses:SendEmail'),
    );
    expect(senders.map(([logicalId]) => routeIdOf(logicalId)).sort()).toEqual(
      ['PostApiAuthEmailRegister', 'PostApiAuthLogin', 'PostApiAuthRequestPasswordReset'].sort(),
    );
    for (const [, policy] of senders) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain(
        '"ses:FromAddress":"no-reply@example.com"',
      );
    }
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
      const fn = Object.entries(functions).find(([logicalId]) => routeIdOf(logicalId).startsWith(id))?.[1];
      expect(fn, id).toBeDefined();
      expect(fn!.Properties.Timeout).toBe(29);
      expect(fn!.Properties.MemorySize).toBe(1536);
      // No model configured for this stage: the offline generator runs.
      expect(fn!.Properties.Environment.Variables.BEDROCK_MODEL_ID).toBeUndefined();
    }
  });

  it('lets only the generating routes invoke Bedrock models', () => {
    const invokers = resources('AWS::IAM::Policy')
      .filter(([, policy]) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('bedrock:InvokeModel'),
      )
      .map(([logicalId]) => routeIdOf(logicalId));
    expect(invokers.sort()).toEqual([...generators].sort());
  });
});
