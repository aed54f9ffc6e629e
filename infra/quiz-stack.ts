import { Annotations, CfnOutput, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Api, WEBSOCKET_STAGE } from './constructs/api';
import { QuizTable } from './constructs/data';
import { EdgeProtection } from './constructs/edge-protection';
import { GameClock } from './constructs/game-clock';
import { Payments } from './constructs/payments';

import { Observability } from './constructs/observability';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { addNagSuppressions } from './nag-suppressions';
import { checkStageName } from './stage-name';

export interface QuizStackProps extends StackProps {
  /** The only switch between environments (`-c stage=dev`). */
  stage: string;
  /** Sender of the service's mail; its domain or address must be verified in SES. */
  mailFrom: string;
  bedrockModelId?: string;
  bedrockRegion?: string;
  /** Built web app to deploy (`web/dist`). */
  webAssetPath?: string;
  /**
   * The CloudFront web ACL (WAF, us-east-1) to put in front of the site. Without it the stack
   * makes its own, which CloudFront accepts only when the stack itself is in us-east-1
   * (infra/stage.ts decides).
   */
  webAcl?: { arn: string; metricName?: string };
  /** Where alarm mail goes; without it, subscribe to the alarm topic by hand. */
  alarmEmail?: string;
  /** Concurrency reserved for each AI generation function (default 10; 0 for none). */
  aiReservedConcurrency?: number;
  /**
   * A Route 53 zone of the account (`-c hostedZoneId=… -c hostedZoneName=…`) in which the APIs get
   * names of their own, so their default `execute-api` endpoints can be turned off.
   */
  originZone?: { hostedZoneId: string; zoneName: string };
}

/** One isolated copy of the whole product per stage. */
export class QuizStack extends Stack {
  constructor(scope: Construct, id: string, props: QuizStackProps) {
    checkStageName(props.stage);
    super(scope, id, props);
    const production = props.stage === 'prod';
    const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = production ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH;

    const data = new QuizTable(this, 'Data', { removalPolicy });
    const storage = new Storage(this, 'Storage', { stage: props.stage, removalPolicy });
    const clock = new GameClock(this, 'GameClock');
    const payments = new Payments(this, 'Payments', { removalPolicy });
    const api = new Api(this, 'Api', {
      stage: props.stage,
      table: data.table,
      materials: storage.materials,
      quizImages: storage.quizImages,
      tickQueue: clock.queue,
      quizImageRemovals: storage.quizImageRemovals,
      stripeKeys: payments.stripeKeys,
      logRetention,
      removalPolicy,
      mailFrom: props.mailFrom,
      aiReservedConcurrency: props.aiReservedConcurrency ?? DEFAULT_AI_RESERVED_CONCURRENCY,
      ...(props.bedrockModelId ? { bedrockModelId: props.bedrockModelId } : {}),
      ...(props.bedrockRegion ? { bedrockRegion: props.bedrockRegion } : {}),
    });
    if (props.originZone)
      api.useOwnDomains(HostedZone.fromHostedZoneAttributes(this, 'OriginZone', props.originZone));
    else
      Annotations.of(this).addWarningV2(
        'quiz:execute-api-endpoints',
        "The APIs' default execute-api endpoints stay on (CloudFront reaches the APIs there; requests that skip CloudFront are refused for want of its origin secret). Give the stage a Route 53 zone (-c hostedZoneId=… -c hostedZoneName=…) to turn them off.",
      );
    const webAcl = props.webAcl ?? this.ownWebAcl(props.stage);
    const web = new Web(this, 'Web', {
      webAclArn: webAcl.arn,
      originSecret: api.originSecret,
      webBucket: storage.web,
      quizImagesBucket: storage.quizImages,
      materialsOrigin: storage.materialsOrigin,
      logBucket: storage.logs,
      httpApiDomain: api.httpDomain,
      webSocketDomain: api.webSocketDomain,
      ...(props.webAssetPath ? { webAssetPath: props.webAssetPath } : {}),
    });
    const appUrl = `https://${web.distribution.distributionDomainName}`;
    api.addRoutes(appUrl, web.distribution);
    storage.allowUploadsFrom(appUrl);

    // A stack holds at most 500 resources and the route functions take most of them (seven each):
    // the alarms (three per route) and the dashboard live in a nested stack of their own.
    const monitoring = new NestedStack(this, 'Monitoring', {
      description: `Quiz ${props.stage}: alarms, alarm topic and dashboard`,
    });
    const observability = new Observability(monitoring, 'Observability', {
      stage: props.stage,
      httpApi: api.httpApi,
      webSocketApi: api.webSocketApi,
      webSocketStageName: WEBSOCKET_STAGE,
      functions: api.functions,
      deadLetters: clock.deadLetters,
      streamFailures: api.streamFailures,
      quizImageRemovalFailures: storage.quizImageRemovalFailures,
      tickQueue: clock.queue,
      table: data.table,
      ...(props.alarmEmail ? { alarmEmail: props.alarmEmail } : {}),
      ...(webAcl.metricName ? { webAclMetricName: webAcl.metricName } : {}),
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'HttpApiUrl', { value: `https://${api.httpDomain}` });
    new CfnOutput(this, 'WebSocketUrl', { value: `wss://${api.webSocketDomain}/${WEBSOCKET_STAGE}` });
    new CfnOutput(this, 'MaterialsBucket', { value: storage.materials.bucketName });
    new CfnOutput(this, 'WebBucket', { value: storage.web.bucketName });
    new CfnOutput(this, 'TickQueueUrl', { value: clock.queue.queueUrl });
    // Payments: put the Stripe keys into this secret and register this URL as the webhook endpoint.
    new CfnOutput(this, 'StripeKeysSecretArn', { value: payments.stripeKeys.secretArn });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${appUrl}/api/stripe/webhook` });

    new CfnOutput(this, 'AlarmTopicArn', { value: observability.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: observability.dashboard.dashboardName });

    addNagSuppressions(this);
  }

  /** A web ACL of the stack's own: only possible when the stack is in us-east-1 (CloudFront's WAF region). */
  private ownWebAcl(stage: string): { arn: string; metricName: string } {
    if (this.region !== 'us-east-1')
      throw new Error(
        `A CloudFront web ACL must be in us-east-1; the stack is in ${this.region}: give it one (infra/stage.ts).`,
      );
    const protection = new EdgeProtection(this, 'Edge', { stage });
    return { arn: protection.webAcl.attrArn, metricName: protection.metricName };
  }
}

/** Concurrent generations per AI route unless `-c aiReservedConcurrency=N` says otherwise. */
export const DEFAULT_AI_RESERVED_CONCURRENCY = 10;
