import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dynamo } from '@functions/lib/aws-clients';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import { createRoomQuiz } from '../../tests/support/multiplayer';
import type { BenchRow } from './ai-bench';
import {
  CLASSROOM_SCALE,
  letter,
  percentile,
  type ClientsPlan,
  type ClientsReport,
  type GameOutcome,
} from './classroom-clients';
import type { MultiplayerTarget } from './multiplayer-bench';

/**
 * Class games in `npm run bench -- classroom` (issue 31), through the local gateway (every Lambda in
 * this process, the `@connections` API, the SQS game clock) and DynamoDB Local: `games` games of
 * `players` players each (sockets without a session, as a class's tablets), `questions` questions,
 * every player answering in the last second before each deadline (or, with
 * `CLASSROOM_BENCH_PACE=class`, at a class's pace over each question), so the clock's reveal ends
 * each question. The hosts and players are a process of their own (classroom-clients.ts).
 * Measured: the time from each question's deadline to each player's `class_result`; the answers
 * lost (accepted but missing from the result), duplicated (accepted twice) or accepted after the
 * deadline; error frames; DynamoDB units and Lambda invocations per answered question.
 */
export const CLASSROOM_BUDGETS = { revealP99Ms: 300 };

/** DynamoDB's consumed units while `counting` is on, read and write apart (every call of the in-process functions). */
const units = { read: 0, write: 0, counting: false };
const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
let metered = false;

function meterUnits() {
  if (metered) return;
  metered = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (!units.counting) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const reported = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (sum: number, entry: { CapacityUnits?: number }) => sum + (entry.CapacityUnits ?? 0),
        0,
      );
      // DynamoDB Local reports a transaction's units for the table as a whole; DynamoDB bills two
      // write units per item of up to 1 KB in a transaction (a reveal's 100 closes: 200).
      const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0;
      const total =
        context.commandName === 'TransactWriteItemsCommand' ? Math.max(reported, 2 * items) : reported;
      if (READS.has(String(context.commandName))) units.read += total;
      else units.write += total;
      return result;
    },
    { step: 'initialize', name: 'benchConsumedUnits' },
  );
}

/**
 * Runs the hosts and players in a process of their own (classroom-clients.ts) and waits for what
 * they saw; DynamoDB's units are counted from their first game's start to their end.
 */
function playInClients(plan: ClientsPlan): Promise<GameOutcome[]> {
  const clients = fork(fileURLToPath(new URL('./classroom-clients.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<GameOutcome[]>((resolve, reject) => {
    let outcome: GameOutcome[] | undefined;
    clients.on('message', (report: ClientsReport) => {
      if (report.type === 'counting') units.counting = true;
      else if (report.type === 'done') outcome = report.outcomes;
      else reject(new Error(`the bench's clients failed: ${report.message}`));
    });
    clients.once('error', reject);
    clients.once('exit', (code) => {
      units.counting = false;
      if (outcome) resolve(outcome);
      else reject(new Error(`the bench's clients exited (code ${code}) without their outcomes`));
    });
    clients.send(plan);
  });
}

export async function benchClassroom(target: MultiplayerTarget): Promise<BenchRow[]> {
  const S = CLASSROOM_SCALE;
  meterUnits();
  const hosts = await Promise.all(
    Array.from({ length: S.games }, async (_, index) => {
      const client = new TestClient(target.url, { origin: target.origin });
      const { sessionId } = await signInAs(client, { nickname: `先生${index + 1}` });
      return { client, sessionId };
    }),
  );
  const answers = Array.from({ length: S.questions }, letter);
  const quizId = (await createRoomQuiz(hosts[0]!.client, answers)).id;
  const games = await Promise.all(
    hosts.map(async (host, index) => {
      const created = await host.client.request('POST', '/api/classroom/games', {
        json: { quizId, timePerQuestion: S.timePerQuestion, maxPlayers: S.players },
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
      const { gameId, pin } = created.json as unknown as { gameId: string; pin: string };
      return { gameId, pin, sessionId: host.sessionId, startAfterMs: index * S.startEveryMs };
    }),
  );
  const unitsBefore = { ...units };
  const outcomes = await playInClients({ target, games, answers });
  units.counting = false;
  const latencies = outcomes.flatMap((outcome) => outcome.latencies).sort((a, b) => a - b);
  const sum = (pick: (outcome: GameOutcome) => number) =>
    outcomes.reduce((total, outcome) => total + pick(outcome), 0);
  const accepted = sum((outcome) => outcome.accepted);
  const errors = outcomes.flatMap((outcome) => outcome.errors);
  const perAnswer = (value: number) => (accepted ? (value / accepted).toFixed(2) : '–');
  const label = `${S.games} games × ${S.players} players, ${S.questions} questions, ${S.pace === 'class' ? 'answers over each question' : 'answers in the last second'}`;
  return [
    {
      measure: `classroom: deadline → class_result p50 / p99 / max (${label})`,
      value: `${percentile(latencies, 50)} / ${percentile(latencies, 99)} / ${latencies.at(-1)} ms`,
      budget: `p99 ≤ ${CLASSROOM_BUDGETS.revealP99Ms} ms`,
      ok: percentile(latencies, 99) <= CLASSROOM_BUDGETS.revealP99Ms,
    },
    {
      measure: 'classroom: answers sent before the deadline / accepted (of all sent)',
      value: `${sum((o) => o.sentInTime)} / ${accepted} (of ${S.games * S.players * S.questions})`,
      budget: 'accepted ≥ sent in time',
      ok: accepted >= sum((o) => o.sentInTime),
    },
    {
      measure: 'classroom: answers lost / duplicated / refused too_late',
      value: `${sum((o) => o.lost)} / ${sum((o) => o.duplicated)} / ${sum((o) => o.late)}`,
      budget: '0 / 0 / ≤ sent late',
      ok:
        sum((o) => o.lost) + sum((o) => o.duplicated) === 0 &&
        sum((o) => o.late) <= S.games * S.players * S.questions - sum((o) => o.sentInTime),
    },
    {
      measure: 'classroom: error frames and failed sockets',
      value: errors.length ? `${errors.length} (${[...new Set(errors)].slice(0, 3).join('; ')})` : '0',
      budget: '0',
      ok: errors.length === 0,
    },
    {
      measure: 'classroom: DynamoDB read / write units per answered question (all calls while playing)',
      value: `${perAnswer(units.read - unitsBefore.read)} / ${perAnswer(units.write - unitsBefore.write)}`,
      budget: '',
      ok: null,
    },
    {
      measure: 'classroom: Lambda invocations per question (frames sent + clock ticks, one game)',
      value: (sum((o) => o.invocations) / (S.games * S.questions)).toFixed(1),
      budget: '',
      ok: null,
    },
  ];
}
