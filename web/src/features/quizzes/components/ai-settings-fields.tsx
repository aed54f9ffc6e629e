import { DIFFICULTIES, LIMITS, type Difficulty } from '@shared/constants';
import { SelectField, TextField } from '@web/components/ui/text-field';
import { useCategories } from '@web/lib/api/get-categories';
import type { AiField, AiGeneration } from '../use-ai-generation';

/** 生成の設定: how many questions (1–20), the difficulty, and the category. */
export function AiSettingsFields({ ai, fieldId }: { ai: AiGeneration; fieldId: (field: AiField) => string }) {
  const categories = useCategories();
  const { draft, errors } = ai;
  return (
    <fieldset className="ai-card ai-settings" disabled={ai.pending}>
      <legend className="ai-card__title">生成の設定</legend>
      <div className="ai-settings__grid">
        <TextField
          id={fieldId('numQuestions')}
          label="問題数"
          type="number"
          inputMode="numeric"
          min={LIMITS.aiQuestionsMin}
          max={LIMITS.aiQuestionsMax}
          value={draft.numQuestions}
          hint={`${LIMITS.aiQuestionsMin}〜${LIMITS.aiQuestionsMax}問`}
          error={errors.numQuestions}
          onChange={(event) => ai.update('numQuestions', event.target.value)}
        />
        <SelectField
          id={fieldId('difficulty')}
          label="難易度"
          value={draft.difficulty}
          onChange={(event) => ai.update('difficulty', event.target.value as Difficulty)}
        >
          {DIFFICULTIES.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fieldId('category')}
          label="カテゴリ"
          value={draft.category}
          error={errors.category}
          onChange={(event) => ai.update('category', event.target.value)}
        >
          <option value="">カテゴリを選択</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.name}>
              {category.name}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
