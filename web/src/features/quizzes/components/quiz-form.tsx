import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import '@shared/zod-ja';
import type { AiSettings, GeneratedQuiz } from '@shared/ai';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS } from '@shared/constants';
import { type QuizDetail } from '@shared/quizzes';
import { createQuizSchema, updateQuizSchema, type CreateQuizInput } from '@shared/quiz-schemas';
import { useCategories } from '@web/features/categories/api/get-categories';
import { zodResolver } from '@web/lib/zod-resolver';

export type QuizFormValues = CreateQuizInput & { quiz: { timeLimit?: number } };

const emptyQuestion = () => ({
  questionText: '',
  optionA: '',
  optionB: '',
  optionC: '',
  optionD: '',
  correctAnswer: 'A' as const,
  explanation: '',
});

/** Form values for a new quiz, or for editing an existing one. */
export function quizFormValues(quiz?: QuizDetail): QuizFormValues {
  if (!quiz) {
    return {
      quiz: {
        title: '',
        description: '',
        category: '',
        difficulty: '中級',
        isPublished: true,
        timeLimit: LIMITS.timeLimitDefaultMinutes,
      },
      questions: [emptyQuestion()],
    };
  }
  return {
    quiz: {
      title: quiz.title,
      description: quiz.description,
      category: quiz.category,
      difficulty: quiz.difficulty,
      isPublished: quiz.isPublished,
      timeLimit: quiz.timeLimit,
    },
    questions: quiz.questions.map((question) => ({
      questionText: question.questionText,
      optionA: question.optionA,
      optionB: question.optionB,
      optionC: question.optionC ?? '',
      optionD: question.optionD ?? '',
      correctAnswer: question.correctAnswer,
      explanation: question.explanation ?? '',
    })),
  };
}

/**
 * Form values for a new quiz from an AI-generated one: its title, description and questions, the
 * category and difficulty it was generated with, published (the default).
 */
export function generatedQuizFormValues(
  generated: GeneratedQuiz,
  settings: Pick<AiSettings, 'category' | 'difficulty'>,
): QuizFormValues {
  const blank = quizFormValues();
  return {
    quiz: {
      ...blank.quiz,
      title: generated.title,
      description: generated.description,
      category: settings.category,
      difficulty: settings.difficulty,
    },
    questions: generated.questions.map((question) => ({
      questionText: question.text,
      optionA: question.options.a,
      optionB: question.options.b,
      optionC: question.options.c,
      optionD: question.options.d,
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
    })),
  };
}

/**
 * The quiz form: creation (title, category, description, difficulty, publish setting, questions)
 * and editing (the same plus the time limit). Validated with the server's schemas.
 */
export function QuizForm(props: {
  mode: 'create' | 'edit';
  initial: QuizFormValues;
  isPro: boolean;
  /** An admin-hidden quiz: the private setting note does not apply. */
  isHidden?: boolean;
  pending: boolean;
  /** Focus the title when the form appears (after AI output is loaded into it). */
  focusTitle?: boolean;
  onSubmit: (values: QuizFormValues) => void;
  onCancel: () => void;
}) {
  const categories = useCategories();
  const form = useForm<QuizFormValues>({
    resolver: zodResolver(props.mode === 'create' ? createQuizSchema : updateQuizSchema) as never,
    defaultValues: props.initial,
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const { errors } = form.formState;
  const isPublished = form.watch('quiz.isPublished');
  const privateAllowed = props.isPro || (props.mode === 'edit' && !props.initial.quiz.isPublished);
  const id = (name: string) => `${props.mode}-${name}`;
  const { focusTitle } = props;
  const { setFocus } = form;
  useEffect(() => {
    if (focusTitle) setFocus('quiz.title');
  }, [focusTitle, setFocus]);

  return (
    <form
      className="quiz-form"
      onSubmit={(event) => void form.handleSubmit((values) => props.onSubmit(values))(event)}
      noValidate
    >
      <div className="field">
        <label className="field__label" htmlFor={id('title')}>
          タイトル
        </label>
        <input
          id={id('title')}
          className="field__input"
          aria-invalid={errors.quiz?.title ? true : undefined}
          {...form.register('quiz.title')}
        />
        {errors.quiz?.title && (
          <p className="field__error" role="alert">
            {errors.quiz.title.message}
          </p>
        )}
      </div>
      <div className="form-row">
        <div className="field">
          <label className="field__label" htmlFor={id('category')}>
            カテゴリ
          </label>
          <select
            id={id('category')}
            className="field__input"
            aria-invalid={errors.quiz?.category ? true : undefined}
            {...form.register('quiz.category')}
          >
            <option value="">カテゴリを選択</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.name}>
                {category.name}
              </option>
            ))}
          </select>
          {errors.quiz?.category && (
            <p className="field__error" role="alert">
              {errors.quiz.category.message}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={id('difficulty')}>
            難易度
          </label>
          <select id={id('difficulty')} className="field__input" {...form.register('quiz.difficulty')}>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficulty}
              </option>
            ))}
          </select>
          {errors.quiz?.difficulty && (
            <p className="field__error" role="alert">
              {errors.quiz.difficulty.message}
            </p>
          )}
        </div>
        {props.mode === 'edit' && (
          <div className="field">
            <label className="field__label" htmlFor={id('time-limit')}>
              制限時間（分）
            </label>
            <input
              id={id('time-limit')}
              className="field__input"
              type="number"
              min={1}
              max={60}
              {...form.register('quiz.timeLimit', { valueAsNumber: true })}
            />
            {errors.quiz?.timeLimit && (
              <p className="field__error" role="alert">
                {errors.quiz.timeLimit.message}
              </p>
            )}
          </div>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('description')}>
          説明{props.mode === 'edit' ? '（任意）' : ''}
        </label>
        <textarea
          id={id('description')}
          className="field__input"
          rows={3}
          {...form.register('quiz.description')}
        />
        {errors.quiz?.description && (
          <p className="field__error" role="alert">
            {errors.quiz.description.message}
          </p>
        )}
      </div>
      <fieldset className="field">
        <legend className="field__label">公開設定</legend>
        <div className="radio-list">
          <label className="radio">
            <input
              type="radio"
              checked={isPublished !== false}
              onChange={() => form.setValue('quiz.isPublished', true)}
            />
            公開（誰でも遊べる）
          </label>
          <label className={`radio${privateAllowed ? '' : ' is-disabled'}`}>
            <input
              type="radio"
              disabled={!privateAllowed}
              checked={isPublished === false}
              onChange={() => form.setValue('quiz.isPublished', false)}
            />
            非公開{privateAllowed ? '（自分だけ）' : '（アドバンスド会員限定）'}
          </label>
        </div>
        {!props.isHidden && !props.isPro && (
          <p className="field__hint">非公開設定はアドバンスド会員限定の機能です。</p>
        )}
      </fieldset>

      <div className="questions">
        <h3 className="questions__title">問題（{questions.fields.length}問）</h3>
        {errors.questions?.root && (
          <p className="form-alert" role="alert">
            {errors.questions.root.message}
          </p>
        )}
        {questions.fields.map((field, index) => {
          const questionErrors = errors.questions?.[index];
          return (
            <section key={field.id} className="question-card" aria-label={`問題 ${index + 1}`}>
              <div className="question-card__header">
                <h4>問題 {index + 1}</h4>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`問題 ${index + 1} を削除`}
                  disabled={questions.fields.length <= 1}
                  onClick={() => questions.remove(index)}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={id(`q${index}-text`)}>
                  質問文
                </label>
                <textarea
                  id={id(`q${index}-text`)}
                  className="field__input"
                  rows={2}
                  {...form.register(`questions.${index}.questionText`)}
                />
                {questionErrors?.questionText && (
                  <p className="field__error" role="alert">
                    {questionErrors.questionText.message}
                  </p>
                )}
              </div>
              <div className="options-grid">
                {ANSWER_LETTERS.map((letter) => {
                  const name = `option${letter}` as const;
                  const optionError = questionErrors?.[name];
                  return (
                    <div className="field" key={letter}>
                      <label className="field__label" htmlFor={id(`q${index}-${letter}`)}>
                        選択肢{letter}
                        {letter === 'C' || letter === 'D' ? '（任意）' : ''}
                      </label>
                      <input
                        id={id(`q${index}-${letter}`)}
                        className="field__input"
                        {...form.register(`questions.${index}.${name}`)}
                      />
                      {optionError && (
                        <p className="field__error" role="alert">
                          {optionError.message}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
              <div className="form-row">
                <div className="field">
                  <label className="field__label" htmlFor={id(`q${index}-answer`)}>
                    正解
                  </label>
                  <select
                    id={id(`q${index}-answer`)}
                    className="field__input"
                    {...form.register(`questions.${index}.correctAnswer`)}
                  >
                    {ANSWER_LETTERS.map((letter) => (
                      <option key={letter} value={letter}>
                        {letter}
                      </option>
                    ))}
                  </select>
                  {questionErrors?.correctAnswer && (
                    <p className="field__error" role="alert">
                      {questionErrors.correctAnswer.message}
                    </p>
                  )}
                </div>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={id(`q${index}-explanation`)}>
                  解説（任意）
                </label>
                <textarea
                  id={id(`q${index}-explanation`)}
                  className="field__input"
                  rows={2}
                  {...form.register(`questions.${index}.explanation`)}
                />
              </div>
            </section>
          );
        })}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => questions.append(emptyQuestion())}
          disabled={questions.fields.length >= 50}
        >
          <Plus size={16} aria-hidden />
          問題を追加
        </button>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          キャンセル
        </button>
        <button type="submit" className="button button--primary" disabled={props.pending}>
          {props.pending
            ? props.mode === 'create'
              ? '作成中...'
              : '保存中...'
            : props.mode === 'create'
              ? 'クイズを作成'
              : '変更を保存'}
        </button>
      </div>
    </form>
  );
}
