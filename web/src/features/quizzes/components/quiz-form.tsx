import { useCallback, useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Plus } from 'lucide-react';
import '@shared/zod-ja';
import { createQuizSchema } from '@shared/quiz-schemas';
import { LIMITS } from '@shared/constants';
import { zodResolver } from '@web/lib/zod-resolver';
import { editQuizFormSchema, emptyQuestion, isUnchanged, type QuizFormValues } from '../quiz-form-values';
import { PublishSetting } from './publish-setting';
import { QuestionFields } from './question-fields';
import { QuizDetailsFields } from './quiz-details-fields';
import { QuestionOrderAnnouncer, SortableQuestion, useQuestionOrder } from './sortable-question';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { TagInput } from './tag-input';
import '../quizzes.css';
import { UploadsInProgress } from '../uploads-in-progress';

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
  /** The creation quota is reached: the fields are shown, greyed out, and nothing can be sent. */
  disabled?: boolean;
  /** Focus the title when the form appears (after AI output is loaded into it). */
  focusTitle?: boolean;
  onSubmit: (values: QuizFormValues) => void;
  onCancel: () => void;
  /**
   * Filled with a check of whether anything was typed, so the dialog can ask before throwing it
   * away. Asked at the moment of closing (Escape may come in the same instant as the last key).
   */
  changedRef?: React.RefObject<(() => boolean) | null>;
}) {
  const form = useForm<QuizFormValues>({
    resolver: zodResolver(props.mode === 'create' ? createQuizSchema : editQuizFormSchema) as never,
    defaultValues: props.initial,
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  /** Saving an edit that changes nothing sends nothing and says so. */
  const [nothingChanged, setNothingChanged] = useState(false);
  const [uploads, setUploads] = useState(0);
  const countUpload = useCallback((change: 1 | -1) => setUploads((count) => count + change), []);
  const onValid = (values: QuizFormValues) => {
    if (uploads > 0) return;
    if (props.mode === 'edit' && isUnchanged(values, props.initial)) return setNothingChanged(true);
    setNothingChanged(false);
    props.onSubmit(values);
  };
  const rootError = form.formState.errors.questions?.root;
  const id = (name: string) => `${props.mode}-${name}`;
  const { focusTitle, changedRef, initial } = props;
  const { getValues } = form;
  const changed = useCallback(
    () => JSON.stringify(getValues()) !== JSON.stringify(initial),
    [getValues, initial],
  );
  useEffect(() => {
    if (!changedRef) return;
    changedRef.current = changed;
    return () => {
      changedRef.current = null;
    };
  }, [changedRef, changed]);
  const order = useQuestionOrder({
    count: questions.fields.length,
    id,
    move: questions.move,
    duplicate: (index) => questions.insert(index + 1, structuredClone(getValues(`questions.${index}`))),
    canDuplicate: questions.fields.length < LIMITS.questionsPerQuizMax,
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusTitle) setFocus('quiz.title');
  }, [focusTitle, setFocus]);

  return (
    <UploadsInProgress.Provider value={countUpload}>
      <form
        className="quiz-form"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        onChange={() => setNothingChanged(false)}
        noValidate
      >
        <fieldset className="quiz-form__fields" disabled={props.disabled}>
          <QuizDetailsFields form={form} id={id} />
          <Controller
            control={form.control}
            name="quiz.tags"
            render={({ field, fieldState }) => (
              <TagInput
                id={id('tags')}
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message ?? firstIssue(form.formState.errors.quiz?.tags)}
                disabled={props.disabled}
              />
            )}
          />
          <PublishSetting
            form={form}
            privateAllowed={props.isPro || (props.mode === 'edit' && !props.initial.quiz.isPublished)}
            showMembershipNote={!props.isHidden && !props.isPro}
          />
          <div className="questions">
            <h3 className="questions__title">問題（{questions.fields.length}問）</h3>
            {rootError && (
              <p className="form-alert" role="alert">
                {rootError.message}
              </p>
            )}
            {questions.fields.map((field, index) => (
              <SortableQuestion key={field.id} order={order} index={index}>
                <QuestionFields
                  form={form}
                  index={index}
                  id={id}
                  removable={questions.fields.length > 1}
                  onRemove={() => questions.remove(index)}
                />
              </SortableQuestion>
            ))}
            <QuestionOrderAnnouncer order={order} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => questions.append(emptyQuestion())}
              disabled={questions.fields.length >= LIMITS.questionsPerQuizMax}
            >
              <Plus size={16} aria-hidden />
              問題を追加
            </button>
          </div>
        </fieldset>
        {nothingChanged && (
          <p className="form-notice" role="status">
            変更された項目はありません。内容を変更してから保存してください。
          </p>
        )}
        {uploads > 0 && (
          <p className="form-notice" role="status">
            画像をアップロードしています。完了してから保存できます。
          </p>
        )}
        <UnsavedChangesGuard changed={changed} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            キャンセル
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={props.pending || props.disabled || uploads > 0}
          >
            {submitLabel(props.mode, props.pending)}
          </button>
        </div>
      </form>
    </UploadsInProgress.Provider>
  );
}

/** An array field's first element error (a tag's own message), when the array itself has none. */
const firstIssue = (errors: unknown): string | undefined =>
  Array.isArray(errors)
    ? (errors.find((error) => error) as { message?: string } | undefined)?.message
    : undefined;

const submitLabel = (mode: 'create' | 'edit', pending: boolean) =>
  mode === 'create' ? (pending ? '作成中...' : 'クイズを作成') : pending ? '保存中...' : '変更を保存';
