import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { sqs } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/**
 * The class games' clock, on the rooms' tick queue (functions/ws/tick.ts): a question's deadline
 * and a game's end two hours after it opened. SQS delays are whole seconds up to 15 minutes: a
 * deadline tick is sent with the whole seconds before the deadline and the consumer waits for the
 * rest, so the reveal starts at the deadline; a tick due later than 15 minutes is sent again by the
 * consumer until it is due.
 */
const gameId = z.string().min(1).max(64);

export const classTickSchema = z.discriminatedUnion('kind', [
  // Ends question `step` of the game at its deadline.
  z.object({ kind: z.literal('class_deadline'), gameId, step: z.number().int().min(0), at: z.number() }),
  // Ends the game two hours after it opened (whatever it is doing then).
  z.object({ kind: z.literal('class_end'), gameId, at: z.number() }),
]);
export type ClassTick = z.infer<typeof classTickSchema>;

/** The longest delay SQS takes. */
const MAX_DELAY_SECONDS = 900;

export async function scheduleClassTick(tick: ClassTick): Promise<void> {
  const delay = Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.floor((tick.at - Date.now()) / 1000)));
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: getConfig().tickQueueUrl,
      MessageBody: JSON.stringify(tick),
      DelaySeconds: delay,
    }),
  );
}
