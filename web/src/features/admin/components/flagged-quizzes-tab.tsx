import { useState } from 'react';
import { CheckCircle2, Eye, EyeOff, History, Trash2 } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';
import { reportReasonLabel } from '@web/lib/report-reason-label';
import { formatDateTime } from '@web/lib/format-date';
import type { AdminReport, FlaggedQuiz, HiddenQuiz } from '@shared/admin';
import { useAdminReports } from '../api/get-admin-reports';
import { useFlaggedQuizzes } from '../api/get-flagged-quizzes';
import { useHiddenQuizzes } from '../api/get-hidden-quizzes';
import { useAdminCommand } from '../use-admin-command';
import type { AdminDetail } from './admin-detail-dialog';
import { ConfirmActionDialog, type PendingAction } from './confirm-action-dialog';

/**
 * 通報されたクイズ: each quiz with pending reports and those reports; details, edit history, hide,
 * restore, or dismiss them (the quiz stays as it is). Below, the reported quizzes that are hidden
 * and have no pending report: their reports were reviewed when they were hidden, and the author's
 * edits may now make them fit to restore.
 */
export function FlaggedQuizzesTab({ onOpen }: { onOpen: (target: AdminDetail) => void }) {
  const flagged = useFlaggedQuizzes(true);
  const reports = useAdminReports(true);
  const hiddenList = useHiddenQuizzes(true);
  // One command for the list: while one action runs, every hide and restore button waits.
  const command = useAdminCommand();
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  if (flagged.isPending) return <Spinner />;
  if (flagged.isError) return <p className="state state--error">通報されたクイズの取得に失敗しました。</p>;
  const hidden = hiddenQuizzes(reports.data ?? [], flagged.data, hiddenList.data ?? []);
  return (
    <>
      {flagged.data.length ? (
        <ul className="admin-list">
          {flagged.data.map((quiz) => (
            <FlaggedQuizCard
              key={quiz.id}
              quiz={quiz}
              command={command}
              onOpen={onOpen}
              onConfirm={setConfirming}
            />
          ))}
        </ul>
      ) : (
        <p className="state">通報されたクイズはありません。</p>
      )}
      {hidden.length > 0 && (
        <section aria-labelledby="admin-hidden-title">
          <h2 id="admin-hidden-title" className="admin__section-title">
            非表示中のクイズ
          </h2>
          <ul className="admin-list">
            {hidden.map((quiz) => (
              <HiddenQuizCard key={quiz.id} quiz={quiz} command={command} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      )}
      <ConfirmActionDialog
        action={confirming}
        pending={command.pending}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

interface HiddenRow {
  id: string;
  title: string;
  authorName: string;
  reports: number;
}

/**
 * The hidden quizzes not in the flagged list: every one the server lists as hidden (their reports
 * may have been deleted), with the reports of theirs the list of all reports still has.
 */
function hiddenQuizzes(
  reports: AdminReport[],
  flagged: FlaggedQuiz[],
  listedHidden: HiddenQuiz[],
): HiddenRow[] {
  const listed = new Set(flagged.map((quiz) => quiz.id));
  const hidden = new Map<string, HiddenRow>(
    listedHidden
      .filter((quiz) => !listed.has(quiz.id))
      .map((quiz) => [quiz.id, { id: quiz.id, title: quiz.title, authorName: quiz.authorName, reports: 0 }]),
  );
  for (const report of reports) {
    if (!report.quiz.isHidden || listed.has(report.quizId)) continue;
    const quiz = hidden.get(report.quizId) ?? {
      id: report.quizId,
      title: report.quiz.title,
      authorName: report.quiz.authorName,
      reports: 0,
    };
    hidden.set(report.quizId, { ...quiz, reports: quiz.reports + 1 });
  }
  return [...hidden.values()];
}

/** Buttons to read a quiz's questions and its edits while hidden. */
function DetailButtons({
  quiz,
  onOpen,
}: {
  quiz: { id: string; title: string };
  onOpen: (target: AdminDetail) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onOpen({ kind: 'quiz', id: quiz.id, title: quiz.title })}
        aria-label={`「${quiz.title}」の詳細`}
      >
        <Eye size={15} aria-hidden /> 詳細
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onOpen({ kind: 'history', id: quiz.id, title: quiz.title })}
        aria-label={`「${quiz.title}」の編集履歴`}
      >
        <History size={15} aria-hidden /> 編集履歴
      </button>
    </>
  );
}

function RestoreButton({
  quiz,
  command,
}: {
  quiz: { id: string; title: string };
  command: ReturnType<typeof useAdminCommand>;
}) {
  return (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={command.pending}
      onClick={() =>
        command.run({ kind: 'restore', id: quiz.id }, { failure: 'クイズの再表示に失敗しました' })
      }
      aria-label={`「${quiz.title}」を再表示`}
    >
      <Eye size={15} aria-hidden /> 再表示
    </button>
  );
}

function HiddenQuizCard({
  quiz,
  command,
  onOpen,
}: {
  quiz: HiddenRow;
  command: ReturnType<typeof useAdminCommand>;
  onOpen: (target: AdminDetail) => void;
}) {
  return (
    <li className="card admin-card">
      <div className="admin-card__head">
        <div>
          <h3 className="admin-card__title">
            {quiz.title} <span className="pill pill--danger">非表示</span>
          </h3>
          <p className="admin-card__meta">
            作成者: {quiz.authorName} ・ 対応済みの報告 {quiz.reports}件
          </p>
        </div>
        <div className="admin-card__actions">
          <DetailButtons quiz={quiz} onOpen={onOpen} />
          <RestoreButton quiz={quiz} command={command} />
        </div>
      </div>
    </li>
  );
}

function FlaggedQuizCard({
  quiz,
  command,
  onOpen,
  onConfirm,
}: {
  quiz: FlaggedQuiz;
  command: ReturnType<typeof useAdminCommand>;
  onOpen: (target: AdminDetail) => void;
  onConfirm: (action: PendingAction) => void;
}) {
  return (
    <li className="card admin-card">
      <div className="admin-card__head">
        <div>
          <h2 className="admin-card__title">
            {quiz.title} {quiz.isHidden && <span className="pill pill--danger">非表示</span>}
          </h2>
          <p className="admin-card__meta">
            作成者: {quiz.authorName} ・ 未対応の報告 {quiz.reportCount}件
          </p>
        </div>
        <div className="admin-card__actions">
          <DetailButtons quiz={quiz} onOpen={onOpen} />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={command.pending}
            onClick={() =>
              onConfirm({
                title: `「${quiz.title}」への報告を対応済みにしますか？`,
                description:
                  '問題なしとして、未対応の報告をすべて対応済みにします。クイズはそのままで、報告は記録に残ります。',
                confirmLabel: '対応済みにする',
                run: (reason) =>
                  command.run(
                    { kind: 'dismissReports', id: quiz.id, ...(reason ? { reason } : {}) },
                    { failure: '報告の対応に失敗しました' },
                  ),
              })
            }
            aria-label={`「${quiz.title}」への報告を問題なしとして対応済みにする`}
          >
            <CheckCircle2 size={15} aria-hidden /> 問題なし
          </button>
          {quiz.isHidden ? (
            <RestoreButton quiz={quiz} command={command} />
          ) : (
            <button
              type="button"
              className="button button--danger button--small"
              disabled={command.pending}
              onClick={() =>
                onConfirm({
                  title: `「${quiz.title}」を非表示にしますか？`,
                  description: '作成者と管理者以外からは見えなくなります。あとで再表示できます。',
                  confirmLabel: '非表示にする',
                  run: (reason) =>
                    command.run(
                      { kind: 'hide', id: quiz.id, ...(reason ? { reason } : {}) },
                      { failure: 'クイズの非表示に失敗しました' },
                    ),
                })
              }
              aria-label={`「${quiz.title}」を非表示にする`}
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
              aria-label={`「${quiz.title}」への報告（${reportReasonLabel(report.reason)}、${formatDateTime(report.reportedAt)}）を削除`}
              disabled={command.pending}
              onClick={() =>
                onConfirm({
                  title: `「${quiz.title}」への報告を削除しますか？`,
                  description: `理由「${reportReasonLabel(report.reason)}」の報告を削除します。この操作は取り消せません。`,
                  confirmLabel: '報告を削除',
                  run: (reason) =>
                    command.run(
                      { kind: 'deleteReport', id: report.id, ...(reason ? { reason } : {}) },
                      { failure: '報告の削除に失敗しました' },
                    ),
                })
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
