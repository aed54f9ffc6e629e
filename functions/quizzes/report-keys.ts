import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/**
 * Keys of reports (report-store.ts): one per reporter in the quiz's partition, owned by the reporter,
 * and in the collection of their status (`REPORT#pending` is the moderation queue).
 */
export const ReportKeys = entity({
  entity: 'Report',
  module: 'functions/quizzes/report-store.ts',
  pk: QUIZ_PARTITION,
  sk: 'REPORT#{reporterId}',
  byOwner: 'REPORT#{reportedAt}#{quizId}',
  byCollection: { pk: 'REPORT#{status}', sk: '{reportedAt}#{quizId}#{reporterId}' },
  fields: {
    reporterId: 'the member who sent it; once their account is deleted, `former-<uuid>` (random)',
    status: '`pending` or `reviewed`',
  },
  notes:
    'id `<quizId>~<uuid>` (names its quiz, not its reporter); reason, details, status, reportedAt, reportedBy, reviewedBy/At (the administrator whose hide, restore or dismissal reviewed it). One pending report per person and quiz; the quiz’s `reportCount` counts its pending reports, changed in the transaction of each report, review and deletion. When its reporter’s account is deleted it is anonymised, not deleted (moderation keeps it): re-keyed, `reportedBy` and `details` null, no owner',
});

/**
 * The one collection every report was in before reports had a status lifecycle (issue 26, docs/decisions.md): the
 * seed moves them to their status's collection, once per table (report.ts `migrateReports`).
 */
export const LEGACY_REPORT_COLLECTION = 'REPORT#ALL';
