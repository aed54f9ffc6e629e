import type { UseFormReturn } from 'react-hook-form';
import { DIFFICULTIES, LIMITS } from '@shared/constants';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/text-field';
import { useCategories } from '@web/lib/api/get-categories';
import type { QuizFormValues } from '../quiz-form-values';

/** The quiz's own fields, the same when creating and editing: title, category, difficulty, time limit, description. */
export function QuizDetailsFields({
  form,
  id,
}: {
  form: UseFormReturn<QuizFormValues>;
  id: (name: string) => string;
}) {
  const categories = useCategories();
  const errors = form.formState.errors.quiz;
  // The quiz's own category is an option from the start, so the select shows it even while the
  // category list is still loading (or when the category is no longer offered).
  const current = form.watch('quiz.category');
  const names = (categories.data ?? []).map((category) => category.name);
  const options = current && !names.includes(current) ? [current, ...names] : names;
  return (
    <>
      <TextField
        id={id('title')}
        label="タイトル"
        error={errors?.title?.message}
        {...form.register('quiz.title')}
      />
      <div className="form-row">
        <SelectField
          id={id('category')}
          label="カテゴリ"
          error={errors?.category?.message}
          {...form.register('quiz.category')}
        >
          <option value="">カテゴリを選択</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('difficulty')}
          label="難易度"
          error={errors?.difficulty?.message}
          {...form.register('quiz.difficulty')}
        >
          {DIFFICULTIES.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {difficulty}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('time-limit')}
          label="制限時間（分）"
          type="number"
          min={LIMITS.timeLimitMinMinutes}
          max={LIMITS.timeLimitMaxMinutes}
          error={errors?.timeLimit?.message}
          {...form.register('quiz.timeLimit', { valueAsNumber: true })}
        />
      </div>
      <TextAreaField
        id={id('description')}
        label="説明"
        rows={3}
        error={errors?.description?.message}
        {...form.register('quiz.description')}
      />
    </>
  );
}
