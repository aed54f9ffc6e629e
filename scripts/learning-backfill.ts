import { backfillLearningRecords } from '@functions/learning/backfill';
import { getConfig } from '@functions/lib/config';

/**
 * `npm run learning:backfill -- [<since, ISO time>]`: adds the answer events answered since then
 * (default: 2 days ago) to the learning records again (functions/learning/backfill.ts), after the
 * learning records consumer's on-failure queue got a batch. Each event counts once, so it is safe
 * to run again and alongside traffic. The table and endpoint come from the environment, as for
 * `npm run seed`.
 */
const config = getConfig();
const since = new Date(process.argv[2] ?? Date.now() - 2 * 86_400_000);
if (Number.isNaN(since.getTime())) throw new Error(`not a time: ${process.argv[2]}`);
console.log(
  `learning backfill: table ${config.tableName} (stage ${config.stage}), since ${since.toISOString()}`,
);
const started = Date.now();
backfillLearningRecords(since, (line) => console.log(`  ${line}`))
  .then((report) =>
    console.log(
      `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.events} events, ${report.added} added now, ${report.skipped} counted already (or their account is gone)`,
    ),
  )
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
