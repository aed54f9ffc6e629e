import { useState, type FormEvent } from 'react';
import { Pencil } from 'lucide-react';
import {
  FOCUSED_STUDY_MESSAGES,
  STUDY_QUESTION_TYPE_LABELS,
  type OptionKey,
  type SavedQuestionSet,
  type StudyQuestion,
} from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog } from '@web/components/ui/dialog';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { useUpdateSetQuestion } from '../api/update-set-question';
import { answerText } from './results-panel';

/** A saved set's questions with their answers; each question's text, options and explanation edited in place. */
export function PreviewDialog(props: { userId: string; set: SavedQuestionSet; onClose: () => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && props.onClose()}
      title={`プレビュー：${props.set.title}`}
      description={`${props.set.questionCount}問・約${props.set.estimatedTime}分。各問題の「編集」から問題文・選択肢・解説を直せます。`}
      size="wide"
    >
      <ol className="study-preview">
        {props.set.questions.map((question, index) => (
          <li key={question.id} className="study-preview__item">
            {editing === question.id ? (
              <QuestionEditor
                userId={props.userId}
                setId={props.set.id}
                question={question}
                number={index + 1}
                onDone={() => setEditing(null)}
              />
            ) : (
              <>
                <div className="study-preview__head">
                  <p className="study-preview__number">
                    問題{index + 1}
                    <span className="pill pill--category">{STUDY_QUESTION_TYPE_LABELS[question.type]}</span>
                  </p>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`問題${index + 1}を編集`}
                    onClick={() => setEditing(question.id)}
                  >
                    <Pencil size={14} aria-hidden />
                    編集
                  </button>
                </div>
                <p className="study-preview__text">{question.text}</p>
                <ul className="study-preview__options">
                  {Object.entries(question.options).map(([key, label]) => (
                    <li key={key}>
                      {key}. {label}
                    </li>
                  ))}
                </ul>
                <p className="study-preview__answer">正解：{answerText(question, question.correctAnswer)}</p>
                {question.explanation && <p className="study-preview__explanation">{question.explanation}</p>}
              </>
            )}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

function QuestionEditor(props: {
  userId: string;
  setId: string;
  question: StudyQuestion;
  number: number;
  onDone: () => void;
}) {
  const update = useUpdateSetQuestion(props.userId);
  const [text, setText] = useState(props.question.text);
  const [options, setOptions] = useState(props.question.options);
  const [explanation, setExplanation] = useState(props.question.explanation);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(FOCUSED_STUDY_MESSAGES.questionTextRequired);
    const labels = Object.values(options).map((label) => label.trim());
    if (labels.some((label) => !label)) return setError(FOCUSED_STUDY_MESSAGES.optionRequired);
    if (new Set(labels).size !== labels.length) return setError(FOCUSED_STUDY_MESSAGES.optionsDistinct);
    update.mutate(
      { setId: props.setId, question: { id: props.question.id, text, options, explanation } },
      {
        onSuccess: () => {
          toast({ title: FOCUSED_STUDY_MESSAGES.questionUpdated, variant: 'success' });
          props.onDone();
        },
        onError: (failure) => toastError(failure, FOCUSED_STUDY_MESSAGES.updateQuestionFailed),
      },
    );
  };

  return (
    <form className="study-editor" onSubmit={submit} noValidate aria-label={`問題${props.number}の編集`}>
      <TextAreaField
        label="問題文"
        rows={3}
        maxLength={500}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {(Object.keys(options) as OptionKey[]).map((key) => (
        <TextField
          key={key}
          label={`選択肢${key}`}
          maxLength={200}
          value={options[key] ?? ''}
          onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <TextAreaField
        label="解説"
        rows={3}
        maxLength={1000}
        value={explanation}
        onChange={(event) => setExplanation(event.target.value)}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onDone}>
          キャンセル
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? '保存中...' : '保存する'}
        </button>
      </div>
    </form>
  );
}
