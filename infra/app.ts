import { App, Aspects, Annotations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { QuizStack } from './quiz-stack';
import { REPO_ROOT } from './constructs/route-function';

/**
 * `cdk synth|deploy -c stage=<name>`: one isolated stack per stage. Synthesizes offline (no
 * lookups). Optional context: `mailFrom` (an SES-verified sender), `region`.
 */
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage))
  throw new Error(`Invalid stage name "${stage}": use lower-case letters, digits and dashes.`);

const webDist = join(REPO_ROOT, 'web/dist');
const webBuilt = existsSync(join(webDist, 'index.html'));

const stack = new QuizStack(app, `Quiz-${stage}`, {
  stage,
  mailFrom: String(app.node.tryGetContext('mailFrom') ?? 'no-reply@example.com'),
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
