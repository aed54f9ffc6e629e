import { Check } from 'lucide-react';
import {
  FOCUSED_STUDY_MESSAGES,
  STUDY_QUESTION_TYPE_LABELS,
  type OptionKey,
  type StudyAnswer,
  type StudyQuestion,
} from '@shared/focused-study';
import { SortableList } from './sortable-list';

const HINTS = {
  multiple_choice: '正しいものを1つ選んでください',
  multiple_select: '当てはまるものをすべて選んでください',
  sort_order: 'ドラッグ、またはキーボード（スペースで持ち上げて矢印キー）で並べ替えてください',
} as const;

const keysOf = (question: StudyQuestion) => Object.keys(question.options) as OptionKey[];

/** One question to answer, by its type: one key, several keys, or every key in order. */
export function QuestionAnswer(props: {
  question: StudyQuestion;
  answer: StudyAnswer | undefined;
  onAnswer: (answer: StudyAnswer) => void;
}) {
  const { question, answer } = props;
  const label = (key: string) => question.options[key as OptionKey] ?? '';
  const hintId = `hint-${question.id}`;
  const type = question.type as string;
  if (!(type in HINTS)) return <p className="form-alert">{FOCUSED_STUDY_MESSAGES.unknownQuestionType}</p>;
  return (
    <div className="study-answer">
      <p id={hintId} className="study-answer__hint">
        <span className="pill pill--category">{STUDY_QUESTION_TYPE_LABELS[question.type]}</span>
        {HINTS[question.type]}
      </p>
      {question.type === 'sort_order' ? (
        <SortableList
          name="並べ替える項目"
          order={Array.isArray(answer) ? answer : keysOf(question)}
          label={label}
          onChange={(order) => props.onAnswer(order as OptionKey[])}
        />
      ) : (
        <div
          className="study-options"
          role="group"
          aria-describedby={hintId}
          aria-label={question.type === 'multiple_select' ? '選択肢（複数選択）' : '選択肢'}
        >
          {keysOf(question).map((key) => {
            const selected = Array.isArray(answer) ? answer.includes(key) : answer === key;
            const choose = () => {
              if (question.type === 'multiple_choice') props.onAnswer(key);
              else {
                const current = Array.isArray(answer) ? answer : [];
                props.onAnswer(
                  selected ? current.filter((entry) => entry !== key) : [...current, key].sort(),
                );
              }
            };
            return (
              <button
                key={key}
                type="button"
                className={`study-option${selected ? ' is-selected' : ''}`}
                {...(question.type === 'multiple_select'
                  ? { role: 'checkbox', 'aria-checked': selected }
                  : { 'aria-pressed': selected })}
                onClick={choose}
              >
                <span className="study-option__key" aria-hidden>
                  {selected && question.type === 'multiple_select' ? <Check size={18} /> : key}
                </span>
                <span>
                  <span className="visually-hidden">{key}: </span>
                  {label(key)}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
