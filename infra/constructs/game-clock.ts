import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { queueVisibilitySeconds } from '../../functions/routes';
import { QueueWithDeadLetters } from './queue-with-dead-letters';

/**
 * The multiplayer game clock: SQS with per-message DelaySeconds asks the tick function to advance
 * a room (EventBridge Scheduler's 60 s precision is too coarse for questions). Failed ticks land in
 * the dead-letter queue.
 */
export class GameClock extends QueueWithDeadLetters {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      queueId: 'Ticks',
      visibilityTimeout: Duration.seconds(queueVisibilitySeconds('tick')),
      maxReceiveCount: 3,
    });
  }
}
