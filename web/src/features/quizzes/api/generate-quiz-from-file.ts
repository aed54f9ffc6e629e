import { useMutation } from '@tanstack/react-query';
import type { AiSettings } from '@shared/ai';
import { aiApi } from '@shared/contract/ai';
import { callApi } from '@web/lib/api-client';
import type { AiGenerationResult } from './generate-quiz-from-text';
import { useRefreshAiUsage } from './refresh-ai-usage';

/**
 * A PDF or Word file: a presigned POST ticket (`POST /api/ai/uploads`), the file straight to S3
 * (no credentials or CSRF header: it is another origin), then the PDF or Word call with the key.
 */
export async function generateQuizFromFile({
  settings,
  file,
}: {
  settings: AiSettings;
  file: File;
}): Promise<AiGenerationResult> {
  const ticket = await callApi(aiApi.createUpload, { body: { fileName: file.name, size: file.size } });
  const body = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
  body.append('file', file);
  const upload = await fetch(ticket.url, { method: 'POST', body });
  if (!upload.ok) throw new UploadError(upload.status);
  const quiz = await callApi(ticket.kind === 'pdf' ? aiApi.fromPdf : aiApi.fromWord, {
    body: { ...settings, fileKey: ticket.key },
  });
  return { quiz, settings };
}

/** Generates from the file; the usage figure is read again either way. */
export function useGenerateFromFile(userId: string) {
  const refresh = useRefreshAiUsage(userId);
  return useMutation({ mutationFn: generateQuizFromFile, onSettled: () => refresh() });
}

/** The storage refused the upload (its answer is XML, never a message to show). */
class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'UploadError';
  }
}
