import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AI_MESSAGES, uploadKindOf, type AiSettings, type UploadKind } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { aiApi } from '@shared/contract/ai';
import { ApiError, callApi, errorMessage } from '@web/lib/api-client';
import type { ResponseOf } from '@shared/contract/define';
import { queryKeys } from '@web/lib/query-keys';

/** A generation's answer with the settings it was asked with (the form needs the category and difficulty). */
export interface AiGenerationResult {
  quiz: ResponseOf<typeof aiApi.fromText>;
  settings: AiSettings;
}

/**
 * Refreshes the usage figure after a generation (core-platform §4). A failed one refreshes it too:
 * a 429 means the figure on screen was out of date.
 */
function useRefreshUsage(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.aiUsage(userId) });
}

/** `POST /api/ai/generate-quiz-from-text`: numQuestions, difficulty, category, text. */
export function useGenerateFromText(userId: string) {
  const refresh = useRefreshUsage(userId);
  return useMutation({
    mutationFn: async ({ settings, text }: { settings: AiSettings; text: string }) => {
      const quiz = await callApi(aiApi.fromText, { body: { ...settings, text } });
      return { quiz, settings } satisfies AiGenerationResult;
    },
    onSettled: () => refresh(),
  });
}

/**
 * A PDF or Word file: a presigned POST ticket (`POST /api/ai/uploads`), the file straight to S3
 * (no credentials or CSRF header: it is another origin), then the PDF or Word call with the key.
 */
export function useGenerateFromFile(userId: string) {
  const refresh = useRefreshUsage(userId);
  return useMutation({
    mutationFn: async ({ settings, file }: { settings: AiSettings; file: File }) => {
      const ticket = await callApi(aiApi.createUpload, { body: { fileName: file.name, size: file.size } });
      const body = new FormData();
      for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
      body.append('file', file);
      const upload = await fetch(ticket.url, { method: 'POST', body });
      if (!upload.ok) throw new UploadError(upload.status);
      const quiz = await callApi(ticket.kind === 'pdf' ? aiApi.fromPdf : aiApi.fromWord, {
        body: { ...settings, fileKey: ticket.key },
      });
      return { quiz, settings } satisfies AiGenerationResult;
    },
    onSettled: () => refresh(),
  });
}

/** The storage refused the upload (its answer is XML, never a message to show). */
class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'UploadError';
  }
}

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
