import { generateFromTextSchema } from '@shared/ai';
import { generateFromText } from '../../ai/generation';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/ai/generate-quiz-from-text`: numQuestions, difficulty, category, text (≥ 10 characters). */
export const handler = httpHandler({
  route: 'POST /api/ai/generate-quiz-from-text',
  body: generateFromTextSchema,
  handle: async ({ user, body, log, deadline }) => ({
    body: await generateFromText(user, body, { log, deadline }),
  }),
});
