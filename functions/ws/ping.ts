import * as z from 'zod';
import { webSocketHandler } from './handler';

/**
 * `ping`: keeps a socket alive and lets the client estimate its clock offset from `serverTime`; a
 * guest's socket (a class game's player without an account) pings too.
 */
export const handler = webSocketHandler({
  routeKey: 'ping',
  guests: true,
  message: z.object({ type: z.literal('ping'), sentAt: z.number().optional() }),
  handle: async ({ message, reply }) => {
    await reply({ type: 'pong', sentAt: message.sentAt, serverTime: Date.now() });
  },
});
