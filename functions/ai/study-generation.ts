import { AI_MESSAGES } from '@shared/ai';
import { getConfig } from '../lib/config';
import { aiWorker } from './ai-worker';
import { GenerationFailedError, UnusableMaterialError } from './errors';
import type { Member } from '../users/user-policy';
import type { GenerationContext } from './generation';
import { reserveModelCall } from './usage';
import type { GeneratedStudyQuestion, StudyGenerationRequest } from './study-generator';

/**
 * Focused-study questions from a member's material, through the same providers as quiz
 * generation: Amazon Bedrock when the stage configures a model (study-bedrock.ts), else the
 * offline generator (study-generator.ts) in the warm AI worker. The caller runs it within the
 * member's daily AI allowance; each model call counts against the member's daily cap of calls.
 */
export async function generateStudyQuestions(
  user: Member,
  request: StudyGenerationRequest,
  { log, deadline }: GenerationContext,
): Promise<GeneratedStudyQuestion[]> {
  const bedrock = getConfig().bedrock;
  if (bedrock) {
    const { generateStudyWithBedrock } = await import('./study-bedrock');
    return generateStudyWithBedrock(request, {
      ...bedrock,
      log,
      failureMessage: AI_MESSAGES.textFailed,
      deadline,
      reserveModelCall: () => reserveModelCall(user),
    });
  }
  return generateStudyOfflineInWorker(request, { log, deadline });
}

/**
 * The offline study generator in the warm AI worker (see generateOfflineInWorker): material it
 * cannot ask about answers 422, a worker that fails or runs out of time the generation message.
 */
export async function generateStudyOfflineInWorker(
  request: StudyGenerationRequest,
  { log, deadline }: GenerationContext,
): Promise<GeneratedStudyQuestion[]> {
  const outcome = await aiWorker.run({ task: 'study', request }, deadline);
  if ('studyQuestions' in outcome) return outcome.studyQuestions;
  if ('unusable' in outcome) throw new UnusableMaterialError(outcome.unusable);
  log.error('offline study generation failed', {
    failure: 'failure' in outcome ? outcome.failure : 'no questions',
    length: request.material.length,
  });
  throw new GenerationFailedError(AI_MESSAGES.textFailed);
}
