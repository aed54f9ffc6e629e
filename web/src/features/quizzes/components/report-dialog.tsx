import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { REPORT_REASONS } from '@shared/constants';
import { QUIZ_MESSAGES, REPORT_REASON_LABELS } from '@shared/quizzes';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { TextAreaField } from '@web/components/ui/text-field';
import { currentPath, loginPathFor, type LoginState } from '@web/lib/auth/return-path';
import { ApiError } from '@web/lib/api-client';
import { useReportQuiz } from '../api/report-quiz';
import { paths } from '@web/config/paths';

/** The report dialog: reason (required) and optional details; closes and resets after sending. */
export function ReportDialog(props: {
  quizId: string;
  quizTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportQuiz();
  const navigate = useNavigate();
  const location = useLocation();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setReason('');
    setDetails('');
    setError(null);
  };
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) reset();
        props.onOpenChange(open);
      }}
      title="クイズを報告"
      description={<>「{props.quizTitle}」について、運営チームに報告します。</>}
      closeButton={false}
      size="small"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) return setError(QUIZ_MESSAGES.reportReasonRequired);
          report.mutate(
            { id: props.quizId, input: { reason: reason as (typeof REPORT_REASONS)[number], details } },
            {
              onSuccess: () => {
                toast({
                  title: '報告が送信されました',
                  description: '運営チームが内容を確認します。',
                  variant: 'success',
                });
                reset();
                props.onOpenChange(false);
              },
              onError: (failure) => {
                // A guest is taken to the login page with the reason, not a toast (spec).
                if (failure instanceof ApiError && failure.status === 401) {
                  props.onOpenChange(false);
                  return void navigate(loginPathFor(currentPath(location)), {
                    state: { notice: 'ログインが必要です' } satisfies LoginState,
                  });
                }
                // The server's reason when it gives one; else each page's own words (spec §8).
                toastError(
                  failure,
                  location.pathname === paths.home
                    ? '報告に失敗しました'
                    : '報告の送信に失敗しました。もう一度お試しください。',
                );
              },
            },
          );
        }}
      >
        <fieldset className="field">
          <legend className="field__label">報告理由</legend>
          <div className="radio-list">
            {REPORT_REASONS.map((value) => (
              <label key={value} className="radio">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
        <TextAreaField
          id="report-details"
          label="詳細（任意）"
          rows={3}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <div className="dialog__actions">
          <DialogClose className="button button--secondary" type="button">
            キャンセル
          </DialogClose>
          <button type="submit" className="button button--danger" disabled={report.isPending}>
            {report.isPending ? '送信中...' : '報告する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
