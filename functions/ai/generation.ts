import { AI_MESSAGES, type AiSettings } from '@shared/ai';
import { getConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user';
import { checkAttemptRate, withDailyAllowance } from './usage';

/**
 * AI quiz generation: the provider is Amazon Bedrock when the stage configures a model, else the
 * built-in offline generator. Every generation runs within the member's daily allowance. Files
 * are in file-generation.ts.
 */
export const FAILURE_MESSAGES = {
  text: AI_MESSAGES.textFailed,
  pdf: AI_MESSAGES.pdfFailed,
  word: AI_MESSAGES.wordFailed,
} as const;

export interface GenerationContext {
  log: Logger;
  /** When the reply must be sent (epoch ms). */
  deadline: number;
}

export async function generate(
  settings: AiSettings,
  material: string,
  failureMessage: string,
  { log, deadline }: GenerationContext,
) {
  // Each provider is loaded when first used, not at cold start (a function uses only one).
  const bedrock = getConfig().bedrock;
  if (bedrock) {
    const { generateWithBedrock } = await import('./bedrock-generator');
    return generateWithBedrock(settings, material, { ...bedrock, log, failureMessage, deadline });
  }
  const { generateOffline } = await import('./offline-generator');
  return generateOffline(settings, material);
}

/** `POST /api/ai/generate-quiz-from-text`. */
export async function generateFromText(
  user: UserItem,
  input: AiSettings & { text: string },
  context: GenerationContext,
) {
  await checkAttemptRate(user.id);
  const { text, ...settings } = input;
  return withDailyAllowance(
    user,
    'text',
    () => generate(settings, text, FAILURE_MESSAGES.text, context),
    context.log,
  );
}
