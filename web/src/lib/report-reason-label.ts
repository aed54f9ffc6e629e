import { REPORT_REASON_LABELS } from '@shared/quizzes';

/** A report's reason in Japanese; a reason this version does not know is shown as stored. */
export const reportReasonLabel = (reason: string): string =>
  REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason;
