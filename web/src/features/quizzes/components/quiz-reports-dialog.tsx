import type { QuizSummary } from '@shared/quiz-schemas';
import { Dialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useQuizReports } from '../api/get-quiz-reports';
import { reportReasonLabel } from '@web/lib/report-reason-label';
import { formatDateTime } from '@web/lib/format-date';

/**
 * The reports other members sent about one of the author's quizzes, newest first; those an
 * administrator has dealt with say so (the card counts the others).
 */
export function QuizReportsDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const reports = useQuizReports(quiz?.id ?? null);
  return (
    <Dialog
      open={Boolean(quiz)}
      onOpenChange={(open) => !open && onClose()}
      title={<>「{quiz?.title}」への報告</>}
    >
      {reports.isPending ? (
        <Spinner />
      ) : reports.data?.length ? (
        <ul className="report-list">
          {reports.data.map((report) => (
            <li key={report.id} className="report-list__item">
              <strong>
                {reportReasonLabel(report.reason)}
                {report.status === 'reviewed' && <span className="report-list__status">（対応済み）</span>}
              </strong>
              <p>{report.details || '詳細なし'}</p>
              <time dateTime={report.reportedAt}>{formatDateTime(report.reportedAt)}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="state">報告はありません</p>
      )}
    </Dialog>
  );
}
