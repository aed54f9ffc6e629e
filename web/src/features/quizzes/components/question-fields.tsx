import type { UseFormReturn } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { ANSWER_LETTERS } from '@shared/constants';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/text-field';
import type { QuizFormValues } from '../quiz-form-values';
import { QuestionImageField } from './question-image-field';

/** One question of the quiz form: text, options A–D (C and D optional), answer, explanation. */
export function QuestionFields(props: {
  form: UseFormReturn<QuizFormValues>;
  index: number;
  id: (name: string) => string;
  /** The last question cannot be removed: a quiz has at least one. */
  removable: boolean;
  onRemove: () => void;
}) {
  const { form, index, id } = props;
  const errors = form.formState.errors.questions?.[index];
  const number = index + 1;
  return (
    <section className="question-card" aria-label={`問題 ${number}`}>
      <div className="question-card__header">
        <h4>問題 {number}</h4>
        <button
          type="button"
          className="icon-button"
          aria-label={`問題 ${number} を削除`}
          disabled={!props.removable}
          onClick={props.onRemove}
        >
          <Trash2 size={18} aria-hidden />
        </button>
      </div>
      <TextAreaField
        id={id(`q${index}-text`)}
        label="質問文"
        rows={2}
        error={errors?.questionText?.message}
        {...form.register(`questions.${index}.questionText`)}
      />
      <QuestionImageField form={form} index={index} id={id} />
      <div className="options-grid">
        {ANSWER_LETTERS.map((letter) => (
          <TextField
            key={letter}
            id={id(`q${index}-${letter}`)}
            label={`選択肢${letter}${letter === 'C' || letter === 'D' ? '（任意）' : ''}`}
            error={errors?.[`option${letter}`]?.message}
            {...form.register(`questions.${index}.option${letter}`)}
          />
        ))}
      </div>
      <div className="form-row">
        <SelectField
          id={id(`q${index}-answer`)}
          label="正解"
          error={errors?.correctAnswer?.message}
          {...form.register(`questions.${index}.correctAnswer`)}
        >
          {ANSWER_LETTERS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        id={id(`q${index}-explanation`)}
        label="解説（任意）"
        rows={2}
        error={errors?.explanation?.message}
        {...form.register(`questions.${index}.explanation`)}
      />
    </section>
  );
}
