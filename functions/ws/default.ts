import * as z from 'zod';
import { MESSAGES } from '@shared/messages';
import { webSocketHandler } from './handler';

/** `$default`: a message whose `type` matches no route key gets an error answer. */
export const handler = webSocketHandler({
  routeKey: '$default',
  message: z.unknown(),
  handle: async ({ reply }) => {
    await reply({ type: 'error', message: MESSAGES.unknownMessage, reason: 'unknown_message' });
  },
});
