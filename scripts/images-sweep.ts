import { getConfig } from '@functions/lib/config';
import { sweepOrphanQuizImages } from '@functions/quizzes/quiz-image';

/**
 * `npm run images:sweep [-- <hours>]`: deletes stored question pictures that no quiz owns (a
 * creation that timed out after writing its pictures and before its quiz was saved) and that got
 * no new picture for `<hours>` (default 24). Safe alongside traffic and repeatable; the bucket,
 * table and endpoints come from the environment, as for `npm run seed`.
 */
const hours = Number(process.argv[2] ?? 24);
if (!Number.isFinite(hours) || hours < 1) {
  console.error('usage: npm run images:sweep -- [hours, at least 1]');
  process.exit(2);
}
const config = getConfig();
console.log(`images sweep: bucket ${config.quizImagesBucket} (stage ${config.stage}), older than ${hours} h`);
sweepOrphanQuizImages(new Date(Date.now() - hours * 3600_000))
  .then((swept) => console.log(`done: ${swept.length} quizzes' orphan pictures deleted ${swept.join(' ')}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
