import { generateFromText } from '../../ai/generation';
import { aiApi } from '@shared/contract/ai';
import { httpHandler } from '../http';

/** `POST /api/ai/generate-quiz-from-text`: numQuestions, difficulty, category, text (≥ 10 characters). */
export const handler = httpHandler(aiApi.fromText, async ({ user, body, log, deadline }) => ({
  body: await generateFromText(user, body, { log, deadline }),
}));
