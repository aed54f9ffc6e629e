import { AI_MESSAGES, uploadKindOf, type UploadKind } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { ApiError, errorMessage } from '@web/lib/api-client';

const FILE_FAILED: Record<UploadKind, string> = { pdf: AI_MESSAGES.pdfFailed, word: AI_MESSAGES.wordFailed };

/** The fallback message of a failed generation from text, or from the named file. */
export function generationFailedMessage(fileName?: string): string {
  const kind = fileName === undefined ? null : uploadKindOf(fileName);
  return kind ? FILE_FAILED[kind] : AI_MESSAGES.textFailed;
}

/**
 * The toast for a failed generation: a 429 for the day's generations or the day's model calls is
 * 使用制限に達しました with the server's message (the per-minute attempt limit is not); anything
 * else is エラー with the server's message or the fallback.
 */
export function generationErrorToast(
  error: unknown,
  fallback: string,
  total: number | undefined,
): { title: string; description: string } {
  if (error instanceof ApiError && error.reason === 'ai_daily_limit') {
    return {
      title: AI_MESSAGES.limitTitle,
      description: error.serverMessage ?? AI_MESSAGES.dailyLimit(total ?? LIMITS.aiGenerationsPerDayFree),
    };
  }
  if (error instanceof ApiError && error.reason === 'ai_model_call_limit') {
    return { title: AI_MESSAGES.limitTitle, description: errorMessage(error, fallback) };
  }
  return { title: 'エラー', description: errorMessage(error, fallback) };
}
