import { useMutation } from '@tanstack/react-query';
import type { AiSettings } from '@shared/ai';
import { aiApi } from '@shared/contract/ai';
import type { ResponseOf } from '@shared/contract/define';
import { callApi } from '@web/lib/api-client';
import { useRefreshAiUsage } from './refresh-ai-usage';

/** A generation's answer with the settings it was asked with (the form needs the category and difficulty). */
export interface AiGenerationResult {
  quiz: ResponseOf<typeof aiApi.fromText>;
  settings: AiSettings;
}

/** `POST /api/ai/generate-quiz-from-text`: numQuestions, difficulty, category, text. */
export async function generateQuizFromText({
  settings,
  text,
}: {
  settings: AiSettings;
  text: string;
}): Promise<AiGenerationResult> {
  const quiz = await callApi(aiApi.fromText, { body: { ...settings, text } });
  return { quiz, settings };
}

/** Generates from the text; the usage figure is read again either way. */
export function useGenerateFromText(userId: string) {
  const refresh = useRefreshAiUsage(userId);
  return useMutation({ mutationFn: generateQuizFromText, onSettled: () => refresh() });
}
