import { useState, type FormEvent } from 'react';
import { DIFFICULTIES, type Difficulty } from '@shared/constants';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  STUDY_QUESTION_TYPES,
  STUDY_QUESTION_TYPE_LABELS,
  type StudySettings,
  type StudyQuestionType,
} from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useUpdateSettings } from '../api/update-settings';

type QuestionCount = (typeof FOCUSED_STUDY.questionCounts)[number];

const TYPE_NOTES: Record<StudyQuestionType, string> = {
  multiple_choice: '4つの選択肢から正しいものを1つ選ぶ',
  multiple_select: '正しいものをすべて選ぶ',
  sort_order: '出来事や手順を正しい順に並べる',
};

/** The settings tab (docs/spec/multiplayer-membership-study.md §3, §9): questions per run, difficulty, question types. */
export function SettingsTab(props: { userId: string; settings: StudySettings }) {
  const update = useUpdateSettings(props.userId);
  const [count, setCount] = useState(props.settings.dailyQuestionCount as QuestionCount);
  const [difficulty, setDifficulty] = useState<Difficulty>(props.settings.difficulty);
  const [types, setTypes] = useState<StudyQuestionType[]>(props.settings.questionTypes);
  const noType = types.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (noType) return;
    update.mutate(
      { dailyQuestionCount: count, difficulty, questionTypes: types },
      {
        onSuccess: () => toast({ title: FOCUSED_STUDY_MESSAGES.settingsSaved, variant: 'success' }),
        onError: (error) => toastError(error, FOCUSED_STUDY_MESSAGES.settingsFailed),
      },
    );
  };

  return (
    <form className="card study-card study-settings" onSubmit={submit} aria-labelledby="study-settings-title">
      <h2 id="study-settings-title" className="study-card__title">
        学習の設定
      </h2>
      <fieldset className="study-fieldset">
        <legend className="field__label">1回の出題数</legend>
        <div className="study-chips">
          {FOCUSED_STUDY.questionCounts.map((choice) => (
            <label key={choice} className={`study-chip${count === choice ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="question-count"
                className="visually-hidden"
                checked={count === choice}
                onChange={() => setCount(choice)}
              />
              {choice}問
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="study-fieldset">
        <legend className="field__label">難易度</legend>
        <div className="study-chips">
          {DIFFICULTIES.map((level) => (
            <label key={level} className={`study-chip${difficulty === level ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="difficulty"
                className="visually-hidden"
                checked={difficulty === level}
                onChange={() => setDifficulty(level)}
              />
              {level}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="study-fieldset" aria-describedby={noType ? 'study-types-error' : undefined}>
        <legend className="field__label">問題形式</legend>
        <div className="study-types">
          {STUDY_QUESTION_TYPES.map((type) => (
            <label key={type} className={`study-type${types.includes(type) ? ' is-on' : ''}`}>
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) =>
                  setTypes((current) =>
                    STUDY_QUESTION_TYPES.filter((entry) =>
                      entry === type ? event.target.checked : current.includes(entry),
                    ),
                  )
                }
              />
              <span>
                <strong>{STUDY_QUESTION_TYPE_LABELS[type]}</strong>
                <span className="study-type__note">{TYPE_NOTES[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {noType && (
          <p id="study-types-error" className="field__error" role="alert">
            問題形式を1つ以上選んでください
          </p>
        )}
      </fieldset>
      <div className="study-card__actions">
        <button type="submit" className="button button--primary" disabled={noType || update.isPending}>
          {update.isPending ? '保存中...' : '設定を保存'}
        </button>
      </div>
    </form>
  );
}
