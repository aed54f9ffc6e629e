import { Eye, EyeOff, History, Trash2 } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';
import { reportReasonLabel } from '@web/features/quizzes/report-reason-label';
import { formatDateTime } from '@web/lib/format-date';
import { useFlaggedQuizzes, type FlaggedQuiz } from '../api/admin';
import { useAdminCommand } from '../use-admin-command';
import type { AdminDetail } from './admin-detail-dialog';

/** 通報されたクイズ: each reported quiz with its reports; details, edit history, hide or restore. */
export function FlaggedQuizzesTab({ onOpen }: { onOpen: (target: AdminDetail) => void }) {
  const flagged = useFlaggedQuizzes(true);
  // One command for the list: while one action runs, every hide and restore button waits.
  const command = useAdminCommand();
  if (flagged.isPending) return <Spinner />;
  if (flagged.isError) return <p className="state state--error">通報されたクイズの取得に失敗しました。</p>;
  if (!flagged.data.length) return <p className="state">通報されたクイズはありません。</p>;
  return (
    <ul className="admin-list">
      {flagged.data.map((quiz) => (
        <FlaggedQuizCard key={quiz.id} quiz={quiz} command={command} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function FlaggedQuizCard({
  quiz,
  command,
  onOpen,
}: {
  quiz: FlaggedQuiz;
  command: ReturnType<typeof useAdminCommand>;
  onOpen: (target: AdminDetail) => void;
}) {
  return (
    <li className="card admin-card">
      <div className="admin-card__head">
        <div>
          <h2 className="admin-card__title">
            {quiz.title} {quiz.isHidden && <span className="pill pill--danger">非表示</span>}
          </h2>
          <p className="admin-card__meta">
            作成者: {quiz.authorName} ・ 報告 {quiz.reportCount}件
          </p>
        </div>
        <div className="admin-card__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onOpen({ kind: 'quiz', id: quiz.id, title: quiz.title })}
          >
            <Eye size={15} aria-hidden /> 詳細
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onOpen({ kind: 'history', id: quiz.id, title: quiz.title })}
          >
            <History size={15} aria-hidden /> 編集履歴
          </button>
          {quiz.isHidden ? (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={command.pending}
              onClick={() =>
                command.run({ kind: 'restore', id: quiz.id }, { failure: 'クイズの再表示に失敗しました' })
              }
            >
              <Eye size={15} aria-hidden /> 再表示
            </button>
          ) : (
            <button
              type="button"
              className="button button--danger button--small"
              disabled={command.pending}
              onClick={() =>
                command.run({ kind: 'hide', id: quiz.id }, { failure: 'クイズの非表示に失敗しました' })
              }
            >
              <EyeOff size={15} aria-hidden /> 非表示にする
            </button>
          )}
        </div>
      </div>
      <ul className="report-list">
        {quiz.reports.map((report) => (
          <li key={report.id} className="report-list__item admin-report">
            <div>
              <strong>{reportReasonLabel(report.reason)}</strong>
              <p>{report.details || '詳細なし'}</p>
              <time dateTime={report.reportedAt}>{formatDateTime(report.reportedAt)}</time>
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label="この報告を削除"
              onClick={() =>
                command.run({ kind: 'deleteReport', id: report.id }, { failure: '報告の削除に失敗しました' })
              }
            >
              <Trash2 size={16} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
