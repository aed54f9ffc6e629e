import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import '@shared/zod-ja';
import {
  AI_MESSAGES,
  aiSettingsSchema,
  generateFromTextSchema,
  questionCountFromText,
  uploadKindOf,
  type AiUsageLimit,
} from '@shared/ai';
import { LIMITS, type Difficulty } from '@shared/constants';
import { toast } from '@web/components/toast/toast-store';
import { generationErrorToast, generationFailedMessage } from './ai-generation-errors';
import { useGenerateFromFile } from './api/generate-quiz-from-file';
import { useGenerateFromText, type AiGenerationResult } from './api/generate-quiz-from-text';
import { queryKeys } from '@web/lib/query-keys';

/** What the AI tab's fields hold; the number stays text while it is typed. */
export interface AiDraft {
  numQuestions: string;
  difficulty: Difficulty;
  category: string;
  text: string;
  file: File | null;
}

export type AiField = keyof AiDraft;
export type AiErrors = Partial<Record<AiField, string>>;

/** The fields in the order they appear, for moving focus to the first message. */
export const AI_FIELDS: readonly AiField[] = ['numQuestions', 'difficulty', 'category', 'text', 'file'];

const emptyDraft = (): AiDraft => ({
  numQuestions: String(LIMITS.aiQuestionsDefault),
  difficulty: '中級',
  category: '',
  text: '',
  file: null,
});

/** The first message the schema gives for each field. */
function issuesByField(issues: readonly { path: PropertyKey[]; message: string }[]): AiErrors {
  const errors: AiErrors = {};
  for (const issue of issues) errors[String(issue.path[0]) as AiField] ??= issue.message;
  return errors;
}

/** Why a chosen file cannot be sent, checked before anything is uploaded (docs/spec/core-platform.md §5). */
function fileProblem(file: File): string | undefined {
  if (uploadKindOf(file.name) === null) return AI_MESSAGES.fileTypeNotAllowed;
  if (file.size > LIMITS.uploadMaxBytes) return AI_MESSAGES.fileTooLarge;
  if (file.size === 0) return AI_MESSAGES.fileEmpty;
  return undefined;
}

/**
 * The AI tab's state, owned by the creation dialog so that the fields, a generation in flight and
 * its result all survive switching tabs (and closing the dialog): the generated quiz is held
 * until it is loaded into the manual form or discarded (docs/spec/core-platform.md §4).
 */
export function useAiGeneration(userId: string) {
  const queryClient = useQueryClient();
  const fromText = useGenerateFromText(userId);
  const fromFile = useGenerateFromFile(userId);
  const [draft, setDraft] = useState<AiDraft>(emptyDraft);
  const [errors, setErrors] = useState<AiErrors>({});
  const [result, setResult] = useState<AiGenerationResult | null>(null);

  const failed = (fallback: string) => (error: unknown) => {
    const total = queryClient.getQueryData<AiUsageLimit>(queryKeys.aiUsage(userId))?.total;
    toast({ ...generationErrorToast(error, fallback, total), variant: 'destructive' });
  };
  const settings = {
    numQuestions: questionCountFromText(draft.numQuestions),
    difficulty: draft.difficulty,
    category: draft.category,
  };

  return {
    draft,
    errors,
    result,
    textPending: fromText.isPending,
    filePending: fromFile.isPending,
    pending: fromText.isPending || fromFile.isPending,

    /** Changes one field and clears its message. */
    update<Field extends Exclude<AiField, 'file'>>(field: Field, value: AiDraft[Field]) {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },

    /** Takes a picked file, or refuses it with the type or size message. */
    chooseFile(file: File | null): boolean {
      const problem = file ? fileProblem(file) : undefined;
      setErrors((current) => ({ ...current, file: problem }));
      setDraft((current) => ({ ...current, file: problem ? null : file }));
      return !problem;
    },

    /** Validates and sends the text; returns the messages when it cannot be sent. */
    generateFromText(): AiErrors | null {
      const parsed = generateFromTextSchema.safeParse({ ...settings, text: draft.text });
      if (!parsed.success) {
        const found = issuesByField(parsed.error.issues);
        setErrors(found);
        return found;
      }
      setErrors({});
      const { text, ...chosen } = parsed.data;
      fromText.mutate(
        { settings: chosen, text },
        { onSuccess: setResult, onError: failed(generationFailedMessage()) },
      );
      return null;
    },

    /** Validates and sends the chosen file; returns the messages when it cannot be sent. */
    generateFromFile(): AiErrors | null {
      const parsed = aiSettingsSchema.safeParse(settings);
      const { file } = draft;
      if (!parsed.success || !file) {
        const found = parsed.success ? {} : issuesByField(parsed.error.issues);
        if (!file) found.file = AI_MESSAGES.fileRequired;
        setErrors(found);
        return found;
      }
      setErrors({});
      fromFile.mutate(
        { settings: parsed.data, file },
        { onSuccess: setResult, onError: failed(generationFailedMessage(file.name)) },
      );
      return null;
    },

    /** The result has been loaded into the form: it is no longer held. */
    clearResult() {
      setResult(null);
    },

    /** Drops the result and the chosen file. */
    discard() {
      setResult(null);
      setDraft((current) => ({ ...current, file: null }));
    },
  };
}

export type AiGeneration = ReturnType<typeof useAiGeneration>;
