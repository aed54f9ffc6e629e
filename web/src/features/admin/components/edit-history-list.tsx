import { formatDateTime } from '@web/lib/format-date';
import type { EditHistoryEntry } from '@shared/admin';

/** Each edit made while the quiz was hidden: who, when, why, and a before/after table. */
export function EditHistoryList({ history }: { history: EditHistoryEntry[] }) {
  return (
    <ul className="admin-list">
      {history.map((entry) => (
        <li key={entry.id} className="admin-history">
          <p className="admin-card__meta">
            {formatDateTime(entry.editedAt)} ・ {entry.editorNickname || entry.editorUsername} ・{' '}
            {entry.reason}
          </p>
          <EditDiff changes={entry.changes} />
        </li>
      ))}
    </ul>
  );
}

/** The quiz fields that changed, then every question position (（なし） added, （削除） removed). */
function EditDiff({ changes }: { changes: EditHistoryEntry['changes'] }) {
  const { quiz, questions } = changes;
  const changedFields = Object.keys(quiz.after).filter(
    (key) => JSON.stringify(quiz.before[key]) !== JSON.stringify(quiz.after[key]),
  );
  const positions = Math.max(questions.before.length, questions.after.length);
  return (
    <>
      {questions.abridged && (
        <p className="admin-card__meta">この編集は大きいため、各問題の問題文と正解のみ記録しています。</p>
      )}
      <table className="diff">
        <thead>
          <tr>
            <th scope="col">項目</th>
            <th scope="col">変更前</th>
            <th scope="col">変更後</th>
          </tr>
        </thead>
        <tbody>
          {changedFields.map((key) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td className="diff__before">{String(quiz.before[key] ?? '')}</td>
              <td className="diff__after">{String(quiz.after[key] ?? '')}</td>
            </tr>
          ))}
          {Array.from({ length: positions }, (_, index) => (
            <tr key={`q${index}`}>
              <th scope="row">問題</th>
              <td className="diff__before">{String(questions.before[index]?.questionText ?? '（なし）')}</td>
              <td className="diff__after">{String(questions.after[index]?.questionText ?? '（削除）')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
