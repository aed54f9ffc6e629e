import { useEffect, useId, useRef } from 'react';
import { type AiGenerationResult } from '../api/generate-quiz-from-text';
import { useAiUsage } from '@web/lib/api/get-ai-usage';
import { AI_FIELDS, type AiErrors, type AiField, type AiGeneration } from '../use-ai-generation';
import { AiFileCard } from './ai-file-card';
import { AiResultCard } from './ai-result-card';
import { AiSettingsFields } from './ai-settings-fields';
import { AiTextCard } from './ai-text-card';
import { AiUsageCard } from './ai-usage-card';
import '../ai.css';

/**
 * The AI tab of the creation dialog (docs/spec/core-platform.md §2, §4, §5): today's usage, the settings
 * (questions 1–20, difficulty, category), generation from pasted text or from a PDF or Word file,
 * and the generated quiz with its load and discard buttons. The state lives in `useAiGeneration`.
 */
export function AiGenerationTab({
  userId,
  isPro,
  quizQuotaReached = false,
  ai,
  onLoad,
}: {
  userId: string;
  isPro: boolean;
  /** No more quizzes can be saved: generating one would use a day's use for nothing. */
  quizQuotaReached?: boolean;
  ai: AiGeneration;
  onLoad: (result: AiGenerationResult) => void;
}) {
  const usage = useAiUsage(userId);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldId = (field: AiField) => `${id}-${field}`;
  const disabled = ai.pending || usage.data?.canUse === false || quizQuotaReached;

  // A result that arrives while the tab is open takes focus (not one already held when it opens).
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const seenResult = useRef(ai.result);
  useEffect(() => {
    if (ai.result && ai.result !== seenResult.current) resultHeading.current?.focus();
    seenResult.current = ai.result;
  }, [ai.result]);

  /** Moves focus to the first field with a message, so a keyboard or screen-reader user lands on it. */
  const focusFirst = (found: AiErrors | null) => {
    const first = found && AI_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="ai-tab">
      <AiUsageCard usage={usage} isPro={isPro} />
      {quizQuotaReached && (
        <p className="form-alert" role="status">
          クイズの作成上限に達しているため、AIで生成したクイズを保存できません。
        </p>
      )}
      {ai.result && (
        <AiResultCard
          result={ai.result}
          headingRef={resultHeading}
          pending={ai.pending}
          onLoad={onLoad}
          onDiscard={() => {
            clearFileInput();
            ai.discard();
          }}
        />
      )}
      <AiSettingsFields ai={ai} fieldId={fieldId} />
      <AiTextCard
        ai={ai}
        titleId={`${id}-text-title`}
        fieldId={fieldId}
        disabled={disabled}
        onGenerate={() => focusFirst(ai.generateFromText())}
      />
      <AiFileCard
        ai={ai}
        idPrefix={id}
        fieldId={fieldId}
        fileInput={fileInput}
        onClearFile={clearFileInput}
        disabled={disabled}
        onGenerate={() => focusFirst(ai.generateFromFile())}
      />
    </div>
  );
}
