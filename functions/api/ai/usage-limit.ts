import { usageLimit } from '../../ai/usage';
import { aiApi } from '@shared/contract/ai';
import { httpHandler } from '../http';

/** `GET /api/ai/usage-limit`: canUse, remaining, total (3 free / 200 advanced a day) and the next reset. */
export const handler = httpHandler(aiApi.usageLimit, async ({ user }) => ({ body: await usageLimit(user) }));
