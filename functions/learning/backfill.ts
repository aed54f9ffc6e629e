import { accountIsLive, answerEventPages, PLAY_CLAIM_DAYS } from './event-store';
import { recordAnswerEvent } from './recorder';

/**
 * Adds the answer events answered since a time to their days again (`npm run learning:backfill`),
 * after the learning records consumer's on-failure queue got a batch (docs/operations.md
 * "StreamFailures"). Each event counts once however often it is added (recorder.ts: an event's
 * `applied` mark, a play's claims, which are kept 30 days), so it is safe to run again and beside
 * traffic, for events of the last 30 days. Scans, so never on a request path.
 */
export async function backfillLearningRecords(since: Date, log: (line: string) => void = () => undefined) {
  const oldest = new Date(Date.now() - PLAY_CLAIM_DAYS * 86_400_000);
  if (since < oldest)
    throw new Error(`events older than ${PLAY_CLAIM_DAYS} days cannot be added again safely`);
  const report = { events: 0, added: 0, skipped: 0 };
  const live = new Map<string, boolean>();
  for await (const page of answerEventPages(since.toISOString())) {
    for (const event of page) {
      report.events++;
      if (!live.has(event.userId)) live.set(event.userId, await accountIsLive(event.userId));
      if (live.get(event.userId) && (await recordAnswerEvent(event))) report.added++;
      else report.skipped++;
    }
    log(`${report.events} events read, ${report.added} added`);
  }
  return report;
}
