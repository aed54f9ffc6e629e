import { CheckCircle2, RotateCcw, Save, Sparkles, X, XCircle } from 'lucide-react';
import type { OptionKey, RunResult, StudyAnswer, StudyQuestion } from '@shared/focused-study';
import { Spinner } from '@web/components/ui/spinner';

/** An answer in words: the option itself, the options chosen, or the order given. */
export function answerText(question: StudyQuestion, answer: StudyAnswer | undefined): string {
  if (answer === undefined || (Array.isArray(answer) && answer.length === 0)) return '未回答';
  const label = (key: string) => `${key}. ${question.options[key as OptionKey] ?? ''}`;
  if (!Array.isArray(answer)) return label(answer);
  return answer.map(label).join(question.type === 'sort_order' ? ' → ' : ' ／ ');
}

/** The result of a completed run (docs/spec/multiplayer-membership-study.md §2 "results panel"): the score, each question, and what next. */
export function ResultsPanel(props: {
  result: RunResult;
  onRetry: () => void;
  onNewQuestions: () => void;
  generating: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { result } = props;
  const verdict = new Map(result.results.map((entry) => [entry.questionId, entry.isCorrect]));
  const message =
    result.accuracy >= 80
      ? 'すばらしい！'
      : result.accuracy >= 60
        ? 'よくできました'
        : 'もう一度挑戦してみましょう';
  return (
    <section className="card study-result" aria-labelledby="study-result-title">
      <div className="study-result__summary">
        <h2 id="study-result-title" className="study-result__title">
          学習結果
        </h2>
        <p className="study-result__score">
          <span>{result.score}</span> / {result.totalQuestions}問正解
        </p>
        <p className="study-result__accuracy">正答率 {result.accuracy}%</p>
        <p className="study-result__message">{message}</p>
        {result.score < result.totalQuestions && (
          <p className="study-result__note">間違えた問題は復習リストに追加され、明日から復習できます。</p>
        )}
      </div>
      <div className="study-result__actions">
        <button type="button" className="button button--secondary" onClick={props.onRetry}>
          <RotateCcw size={16} aria-hidden />
          同じ問題で再チャレンジ
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={props.generating}
          onClick={props.onNewQuestions}
        >
          {props.generating ? <Spinner inline size={16} /> : <Sparkles size={16} aria-hidden />}
          {props.generating ? '生成中...' : '新しい問題で学習'}
        </button>
        <button type="button" className="button button--primary" onClick={props.onSave}>
          <Save size={16} aria-hidden />
          問題セットとして保存
        </button>
        <button type="button" className="button button--secondary" onClick={props.onClose}>
          <X size={16} aria-hidden />
          閉じる
        </button>
      </div>
      <ol className="study-review">
        {result.questions.map((question, index) => {
          const correct = verdict.get(question.id) === true;
          return (
            <li key={question.id} className={`study-review__item ${correct ? 'is-correct' : 'is-wrong'}`}>
              <p className="study-review__verdict">
                {correct ? <CheckCircle2 size={18} aria-hidden /> : <XCircle size={18} aria-hidden />}
                問題{index + 1}：{correct ? '正解' : '不正解'}
              </p>
              <p className="study-review__question">{question.text}</p>
              <dl className="study-review__answers">
                <dt>あなたの回答</dt>
                <dd>{answerText(question, result.userAnswers[question.id])}</dd>
                <dt>正解</dt>
                <dd>{answerText(question, question.correctAnswer)}</dd>
              </dl>
              {question.explanation && <p className="study-review__explanation">{question.explanation}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
