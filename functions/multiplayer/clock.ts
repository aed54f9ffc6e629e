import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import type { ScheduledTick } from './rules';

/**
 * The game clock: a tick is a delayed SQS message that the tick consumer (functions/ws/tick.ts)
 * turns back into a rule's event when it is due. SQS delays are whole seconds up to 15 minutes;
 * rounding up means a tick is never early (only clock skew makes one early, and the rules put it
 * back).
 */
export async function scheduleTick({ tick, at }: ScheduledTick): Promise<void> {
  const delay = Math.min(900, Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: getConfig().tickQueueUrl,
      MessageBody: JSON.stringify(tick),
      DelaySeconds: delay,
    }),
  );
}

/** Sends the ticks a rule asked for, in order, before its change is written. */
export async function scheduleTicks(ticks: readonly ScheduledTick[] = []): Promise<void> {
  for (const tick of ticks) await scheduleTick(tick);
}
