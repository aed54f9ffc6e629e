import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

/**
 * A queue a function reads, and its dead-letter queue for messages that keep failing (its depth is
 * alarmed: observability.ts); both encrypted by SQS and reachable over TLS only.
 */
export class QueueWithDeadLetters extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(
    scope: Construct,
    id: string,
    props: {
      /** The queue's construct id (the dead-letter queue's is `DeadLetters`). */
      queueId: string;
      /** Six times the consumer's timeout, as Lambda advises (`queueVisibilitySeconds`). */
      visibilityTimeout: Duration;
      /** Receives of a message before it moves to the dead-letter queue. */
      maxReceiveCount: number;
    },
  ) {
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
    this.queue = new Queue(this, props.queueId, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: props.visibilityTimeout,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: props.maxReceiveCount },
    });
  }
}
