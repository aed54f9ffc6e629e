import * as z from 'zod';
import { webSocketHandler } from './handler';

/** `ping`: keeps a socket alive and lets the client estimate its clock offset from `serverTime`. */
export const handler = webSocketHandler({
  routeKey: 'ping',
  message: z.object({ type: z.literal('ping'), sentAt: z.number().optional() }),
  handle: async ({ message, reply }) => {
    await reply({ type: 'pong', sentAt: message.sentAt, serverTime: Date.now() });
  },
});
