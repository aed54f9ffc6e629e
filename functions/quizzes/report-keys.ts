import { entity } from '../data/keys';
import { QUIZ_PARTITION } from './quiz-keys';

/** Keys of reports (report.ts): one per reporter in the quiz's partition, all in `REPORT#ALL`. */
export const ReportKeys = entity({
  entity: 'Report',
  module: 'functions/quizzes/report.ts',
  pk: QUIZ_PARTITION,
  sk: 'REPORT#{reporterId}',
  byCollection: { pk: 'REPORT#ALL', sk: '{reportedAt}#{quizId}#{reporterId}' },
  notes:
    'id `<quizId>~<uuid>` (names its quiz, not its reporter); reason, details, status (`pending`), reportedAt, reviewedBy/At',
});
