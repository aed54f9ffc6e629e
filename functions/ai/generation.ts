import { AI_MESSAGES, type AiSettings, type GeneratedQuiz } from '@shared/ai';
import { getConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { Member } from '../users/user-policy';
import { aiWorker } from './ai-worker';
import { GenerationFailedError, UnusableMaterialError } from './errors';
import { checkAttemptRate, reserveModelCall, withDailyAllowance } from './usage';

/**
 * AI quiz generation: the provider is Amazon Bedrock when the stage configures a model, else the
 * built-in offline generator. Every generation runs within the member's daily allowance, and
 * every call to the model within the member's daily cap of model calls. Files are in
 * file-generation.ts.
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

/** A quiz for `user` from the material, by the stage's provider. */
export async function generate(
  user: Member,
  settings: AiSettings,
  material: string,
  failureMessage: string,
  { log, deadline }: GenerationContext,
) {
  // Each provider is loaded when first used, not at cold start (a function uses only one).
  const bedrock = getConfig().bedrock;
  if (bedrock) {
    const { generateWithBedrock } = await import('./bedrock-generator');
    return generateWithBedrock(settings, material, {
      ...bedrock,
      log,
      failureMessage,
      deadline,
      reserveModelCall: () => reserveModelCall(user),
    });
  }
  return generateOfflineInWorker(settings, material, failureMessage, { log, deadline });
}

/**
 * The offline generator, run in the warm AI worker: analysing the material is CPU work that would
 * hold up every other request of the process, and a worker bounds its time and heap. Material it
 * cannot ask about answers 422; a worker that fails, runs out of heap or time answers the call's
 * failure message (502).
 */
export async function generateOfflineInWorker(
  settings: AiSettings,
  material: string,
  failureMessage: string,
  { log, deadline }: GenerationContext,
): Promise<GeneratedQuiz> {
  const outcome = await aiWorker.run({ task: 'generate', settings, material }, deadline);
  if ('quiz' in outcome) return outcome.quiz;
  if ('unusable' in outcome) throw new UnusableMaterialError(outcome.unusable);
  log.error('offline generation failed', {
    failure: 'failure' in outcome ? outcome.failure : 'no quiz',
    length: material.length,
  });
  throw new GenerationFailedError(failureMessage);
}

/** `POST /api/ai/generate-quiz-from-text`. */
export async function generateFromText(
  user: Member,
  input: AiSettings & { text: string },
  context: GenerationContext,
) {
  await checkAttemptRate(user.id);
  const { text, ...settings } = input;
  return withDailyAllowance(
    user,
    'text',
    () => generate(user, settings, text, FAILURE_MESSAGES.text, context),
    context.log,
  );
}
