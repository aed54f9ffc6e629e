import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { Stack } from 'aws-cdk-lib';

/** Nested stacks (features kept apart from the main stack's resource count) are checked alike. */
const withNestedStacks = (stack: Stack, suppressions: NagPackSuppression[]) =>
  NagSuppressions.addStackSuppressions(stack, suppressions, true);

/**
 * cdk-nag findings (AwsSolutions and ServerlessChecks packs) we accept, each with its reason.
 * Everything else must pass.
 */
export function addNagSuppressions(stack: Stack) {
  // CDK's own handler of the web app's deployment (a singleton named by CDK at the stack's root).
  for (const child of stack.node.children)
    if (child.node.id.startsWith('Custom::CDKBucketDeployment'))
      NagSuppressions.addResourceSuppressions(
        child,
        [
          {
            id: 'Serverless-LambdaTracing',
            reason:
              "CDK's bucket deployment handler copies the web app at deploy time and serves no request; every route function traces with X-Ray.",
          },
        ],
        true,
      );
  withNestedStacks(stack, [
    {
      id: 'AwsSolutions-IAM4',
      reason:
        'Lambda functions use AWSLambdaBasicExecutionRole (log writing only), as CDK grants by default; the custom resources of CDK use it too.',
      appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
    },
    {
      id: 'AwsSolutions-IAM5',
      appliesTo: [
        { regex: '/^Resource::<.*Table.*\\.Arn>\\/index\\/\\*$/g' },
        { regex: '/^Resource::<.*\\.Arn>\\/\\*$/g' },
        // The same grants in a nested stack name the parent's table and buckets by parameter.
        { regex: '/^Resource::<referenceto.*Arn>\\/(index\\/)?\\*$/g' },
        { regex: '/^Resource::arn:<AWS::Partition>:ses:.+:identity\\/\\*$/g' },
        // Only a global inference profile's model (every commercial Region) or an application
        // profile's models, each only through the configured profile (infra/constructs/bedrock-access.ts).
        { regex: '/^Resource::arn:<AWS::Partition>:bedrock:\\*::foundation-model\\/.*$/g' },
        { regex: '/^Action::s3:.*\\*$/g' },
        // Questions' pictures: the members' picture uploads and the stored pictures, each under its prefix.
        { regex: '/^Resource::<.*\\.Arn>\\/(uploads\\/\\*\\/)?quiz-images\\/\\*$/g' },
        { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-.*\\/\\*$/g' },
        { regex: '/^Resource::arn:<AWS::Partition>:execute-api:.*\\/@connections\\/\\*$/g' },
        'Resource::*',
      ],
      reason:
        'Wildcards are scoped to this stack: table indexes (<Table>/index/*), objects of our own buckets, SES identities of this account (sending is limited to the configured sender address by condition), the configured Bedrock model in the Regions its inference profile routes to (only through that profile, by condition), X-Ray traces, and the @connections of our WebSocket API, and the CDK asset bucket and actions that the bucket deployment needs.',
    },
    {
      id: 'AwsSolutions-SMG4',
      reason:
        "The Stripe keys secret holds keys issued by Stripe: they are rolled in Stripe's dashboard and put here by the operator (README); no rotation Lambda can create them. The origin secret is CloudFront's origin header, read at deployment: it changes when the stack replaces it (a rotation would leave CloudFront sending the old one).",
    },
    {
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorization happens in each handler from the session cookie (route table access levels: public, user, pro, admin); public routes are public by design.',
    },
    {
      id: 'AwsSolutions-L1',
      reason:
        'Route functions run Node.js 22 by decision (docs/brief/ARCHITECTURE.md §1); CDK custom resources pick their own runtime.',
    },
    {
      id: 'AwsSolutions-CFR1',
      reason: 'The service is open to every country; no geo restriction.',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'The default CloudFront certificate cannot enforce TLSv1.2_2021; stages that attach a custom domain set the minimum protocol there.',
    },
    {
      id: 'AwsSolutions-S1',
      reason: 'The access-log bucket does not log to itself.',
    },
    {
      id: 'Serverless-LambdaDLQ',
      reason:
        'Route functions are invoked synchronously (API Gateway answers the caller with the error) or by the SQS event source, whose queue has its own dead-letter queue; a Lambda dead-letter target only catches asynchronous invocations, which no function receives.',
    },
    {
      id: 'Serverless-LambdaLatestVersion',
      reason:
        'Route functions run Node.js 22 by decision (docs/brief/ARCHITECTURE.md §1, the version the bundles target and the tests run against); moving to a newer runtime is a decision of its own.',
    },
    {
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        'The game-clock queue sends a tick that failed three times to its dead-letter queue (redrive policy); on-failure destinations are for stream and Kafka sources, not SQS. The dead-letter queue is alarmed.',
    },
  ]);
}
