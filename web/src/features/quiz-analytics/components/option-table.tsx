import { Check } from 'lucide-react';
import { ANSWER_LETTERS } from '@shared/constants';
import type { QuestionAnalytics } from '@shared/quiz-analytics';

/**
 * A question's options as a table: each option's text, its answers and their share, with a bar
 * for the share (the numbers beside it say the same in words); the right option is marked.
 */
export function OptionTable({ question }: { question: QuestionAnalytics }) {
  const options = ANSWER_LETTERS.filter((letter) => question.options[letter] !== null);
  return (
    <table className="option-table">
      <caption className="visually-hidden">問題 {question.order} の選択肢ごとの回答数</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">選択肢</th>
          <th scope="col">回答数と割合</th>
        </tr>
      </thead>
      <tbody>
        {options.map((letter) => {
          const count = question.optionCounts[letter];
          const share = question.answered > 0 ? Math.round((count * 100) / question.answered) : 0;
          const correct = letter === question.correctAnswer;
          return (
            <tr key={letter} className={correct ? 'option-table__row--correct' : undefined}>
              <th scope="row" className="option-table__option">
                <span className="option-table__letter" aria-hidden>
                  {letter}
                </span>
                <span className="visually-hidden">選択肢{letter}：</span>
                <span className="option-table__text">{question.options[letter]}</span>
                {correct && (
                  <span className="option-table__correct">
                    <Check size={14} aria-hidden />
                    正解
                  </span>
                )}
              </th>
              <td className="option-table__figures">
                <span className="option-table__bar" aria-hidden>
                  <span style={{ width: `${share}%` }} />
                </span>
                <span className="option-table__count">
                  {count}件（{share}%）
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
