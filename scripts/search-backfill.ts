import { getConfig } from '@functions/lib/config';
import { backfillSearch } from '@functions/search/backfill';

/**
 * `npm run search:backfill`: builds the search index and this week's play counts from the table
 * as it is (functions/search/backfill.ts). Idempotent and safe alongside traffic; run it after
 * deploying the indexer to a stage with data, or when the indexer's on-failure queue got a batch.
 * The table and endpoint come from the environment, as for `npm run seed`.
 */
const config = getConfig();
console.log(`search backfill: table ${config.tableName} (stage ${config.stage})`);
const started = Date.now();
backfillSearch((line) => console.log(`  ${line}`))
  .then((report) =>
    console.log(
      `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.publicQuizzes} of ${report.quizzes} quizzes public, ${report.written} index items written, ${report.removed} removed, ${report.dailyCounts} daily play counts set`,
    ),
  )
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
