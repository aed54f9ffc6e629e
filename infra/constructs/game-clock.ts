import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

/**
 * The multiplayer game clock: SQS with per-message DelaySeconds asks the tick function to advance
 * a room (EventBridge Scheduler's 60 s precision is too coarse for questions). Failed ticks land in
 * the dead-letter queue.
 */
export class GameClock extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    NagSuppressions.addResourceSuppressions(this.deadLetters, [
      {
        id: 'Serverless-SQSRedrivePolicy',
        reason: 'This is the dead-letter queue itself (its depth is alarmed).',
      },
    ]);
    this.queue = new Queue(this, 'Ticks', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(60),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 3 },
    });
  }
}
