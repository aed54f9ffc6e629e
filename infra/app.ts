import { App, Aspects, Annotations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addStage } from './stage';
import { REPO_ROOT } from './constructs/route-function';

/**
 * `cdk synth|deploy -c stage=<name>`: one isolated stack per stage. Synthesizes offline (no
 * lookups). Optional context: `mailFrom` (an SES-verified sender), `region`, `bedrockModelId`
 * (turns AI generation over to Amazon Bedrock; without it the offline generator runs),
 * `bedrockRegion` (the model's region when it is not the stack's), `alarmEmail` (subscribed to the
 * stage's alarm topic), `webAclArn` (a CloudFront web ACL managed elsewhere instead of the stage's
 * own edge stack), `aiReservedConcurrency` (per AI generation function; 0 for none), and
 * `hostedZoneId` with `hostedZoneName` (a Route 53 zone in which the APIs get names of their own
 * and their default execute-api endpoints are turned off).
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');

/** Context values given with `-c name=value` (or in cdk.json), left out when empty. */
function optionalContext<K extends string>(...names: K[]): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = app.node.tryGetContext(name) as unknown;
    if (typeof value === 'string' && value.trim()) values[name] = value.trim();
  }
  return values;
}

const webDist = join(REPO_ROOT, 'web/dist');
const webBuilt = existsSync(join(webDist, 'index.html'));

const aiReservedConcurrency = app.node.tryGetContext('aiReservedConcurrency') as unknown;
const { hostedZoneId, hostedZoneName } = optionalContext('hostedZoneId', 'hostedZoneName');
const { stack } = addStage(app, {
  stage,
  mailFrom: String(app.node.tryGetContext('mailFrom') ?? 'no-reply@example.com'),
  ...optionalContext('bedrockModelId', 'bedrockRegion', 'alarmEmail', 'webAclArn'),
  ...(aiReservedConcurrency !== undefined ? { aiReservedConcurrency: Number(aiReservedConcurrency) } : {}),
  ...(hostedZoneId && hostedZoneName ? { originZone: { hostedZoneId, zoneName: hostedZoneName } } : {}),
  ...(webBuilt ? { webAssetPath: webDist } : {}),
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: String(app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? 'ap-northeast-1'),
  },
  tags: { project: 'quiz-platform', stage },
});
if (!webBuilt)
  Annotations.of(stack).addWarningV2(
    'quiz:web-not-built',
    'web/dist is missing: run `npm run build` before deploying.',
  );

Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
Aspects.of(app).add(new ServerlessChecks({ verbose: true }));
