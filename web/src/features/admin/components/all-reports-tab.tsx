import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ADMIN_MESSAGES, REPORT_STATUS_LABELS } from '@shared/admin';
import { Spinner } from '@web/components/ui/spinner';
import { reportReasonLabel } from '@web/lib/report-reason-label';
import { formatDateTime } from '@web/lib/format-date';
import type { AdminReport } from '@shared/admin';
import { useAdminReports } from '../api/get-admin-reports';
import { useAdminCommand } from '../use-admin-command';
import { ConfirmActionDialog, type PendingAction } from './confirm-action-dialog';

/** Who sent a report: nobody is named once the reporter deleted their account. */
const reporterName = (report: AdminReport) =>
  report.reportedByUser
    ? report.reportedByUser.nickname || report.reportedByUser.username
    : ADMIN_MESSAGES.formerMember;

/**
 * すべての報告: every report with who sent it and whether it was reviewed; select some or all and
 * delete them together.
 */
export function AllReportsTab() {
  const reports = useAdminReports(true);
  const command = useAdminCommand();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  if (reports.isPending) return <Spinner />;
  if (reports.isError) return <p className="state state--error">報告の取得に失敗しました。</p>;
  if (!reports.data.length) return <p className="state">報告はありません。</p>;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  return (
    <div>
      <div className="toolbar">
        <label className="radio">
          <input
            type="checkbox"
            checked={selected.size === reports.data.length}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(reports.data.map((report) => report.id)) : new Set())
            }
          />
          すべて選択
        </label>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={selected.size === 0 || command.pending}
          onClick={() => {
            const reportIds = [...selected];
            const titles = [
              ...new Set(
                reports.data.filter((report) => selected.has(report.id)).map((report) => report.quiz.title),
              ),
            ];
            setConfirming({
              title: `${reportIds.length}件の報告を削除しますか？`,
              description: `対象: ${titles.map((title) => `「${title}」`).join('、')}への報告。この操作は取り消せません。`,
              confirmLabel: `${reportIds.length}件を削除`,
              run: (reason) =>
                command.run(
                  { kind: 'deleteReports', body: { reportIds, ...(reason ? { reason } : {}) } },
                  {
                    success: `${reportIds.length}件の報告を削除しました`,
                    failure: '報告の一括削除に失敗しました',
                  },
                  () => setSelected(new Set()),
                ),
            });
          }}
        >
          <Trash2 size={15} aria-hidden /> 選択した報告を削除（{selected.size}）
        </button>
      </div>
      <ul className="admin-list">
        {reports.data.map((report) => (
          <li key={report.id} className="card admin-report-row">
            <input
              type="checkbox"
              aria-label={`「${report.quiz.title}」への報告（${reportReasonLabel(report.reason)}、${report.reportedByUser ? `${reporterName(report)}さん` : reporterName(report)}）を選択`}
              checked={selected.has(report.id)}
              onChange={() => toggle(report.id)}
            />
            <div className="admin-report-row__body">
              <p>
                <strong>{reportReasonLabel(report.reason)}</strong> ・ {report.quiz.title}{' '}
                {report.quiz.isHidden && <span className="pill pill--danger">非表示</span>}{' '}
                <span className={report.status === 'pending' ? 'pill pill--medium' : 'pill'}>
                  {REPORT_STATUS_LABELS[report.status]}
                </span>
              </p>
              <p className="admin-card__meta">
                報告者: {reporterName(report)}
                {report.reportedByUser && `（報告 ${report.reportedByUser.reports}件）`} ・ 作成者:{' '}
                {report.quiz.authorName} ・ {formatDateTime(report.reportedAt)}
                {report.reviewedAt && ` ・ 対応: ${formatDateTime(report.reviewedAt)}`}
              </p>
              {report.details && <p>{report.details}</p>}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        action={confirming}
        pending={command.pending}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
