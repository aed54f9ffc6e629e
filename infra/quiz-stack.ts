import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { Api, WEBSOCKET_STAGE } from './constructs/api';
import { QuizTable } from './constructs/data';
import { GameClock } from './constructs/game-clock';
import { Payments } from './constructs/payments';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { addNagSuppressions } from './nag-suppressions';

export interface QuizStackProps extends StackProps {
  /** The only switch between environments (`-c stage=dev`). */
  stage: string;
  /** Sender of the service's mail; its domain or address must be verified in SES. */
  mailFrom: string;
  bedrockModelId?: string;
  bedrockRegion?: string;
  /** Built web app to deploy (`web/dist`). */
  webAssetPath?: string;
}

/** One isolated copy of the whole product per stage. */
export class QuizStack extends Stack {
  constructor(scope: Construct, id: string, props: QuizStackProps) {
    super(scope, id, props);
    const production = props.stage === 'prod';
    const removalPolicy = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = production ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH;

    const data = new QuizTable(this, 'Data', { removalPolicy });
    const storage = new Storage(this, 'Storage', { removalPolicy });
    const clock = new GameClock(this, 'GameClock');
    const payments = new Payments(this, 'Payments', { removalPolicy });
    const api = new Api(this, 'Api', {
      stage: props.stage,
      table: data.table,
      materials: storage.materials,
      tickQueue: clock.queue,
      stripeKeys: payments.stripeKeys,
      logRetention,
      removalPolicy,
      mailFrom: props.mailFrom,
      ...(props.bedrockModelId ? { bedrockModelId: props.bedrockModelId } : {}),
      ...(props.bedrockRegion ? { bedrockRegion: props.bedrockRegion } : {}),
    });
    const web = new Web(this, 'Web', {
      webBucket: storage.web,
      logBucket: storage.logs,
      httpApiDomain: api.httpDomain,
      webSocketDomain: api.webSocketDomain,
      ...(props.webAssetPath ? { webAssetPath: props.webAssetPath } : {}),
    });
    const appUrl = `https://${web.distribution.distributionDomainName}`;
    api.addRoutes(appUrl);
    storage.allowUploadsFrom(appUrl);

    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'HttpApiUrl', { value: api.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: `${api.webSocketApi.apiEndpoint}/${WEBSOCKET_STAGE}` });
    new CfnOutput(this, 'MaterialsBucket', { value: storage.materials.bucketName });
    new CfnOutput(this, 'WebBucket', { value: storage.web.bucketName });
    new CfnOutput(this, 'TickQueueUrl', { value: clock.queue.queueUrl });
    // Payments: put the Stripe keys into this secret and register this URL as the webhook endpoint.
    new CfnOutput(this, 'StripeKeysSecretArn', { value: payments.stripeKeys.secretArn });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${appUrl}/api/stripe/webhook` });

    addNagSuppressions(this);
  }
}
