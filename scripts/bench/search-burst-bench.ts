import { performance } from 'node:perf_hooks';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import { quizInput } from '../../tests/support/quiz-input';
import type { LocalStack } from '../local/stack';
import type { BenchRow } from './ai-bench';
import { benchQuiz as catalogueQuiz, meterCapacity } from './search-bench';

/**
 * Search under a burst, in `npm run bench -- search-burst` (docs/search.md "Measurements"):
 * members create quizzes through the local gateway at a sustained rate while some edit theirs, and
 * every created or edited quiz is searched for until search finds it. The lag runs from the
 * create's or edit's answer to the first search that finds it: the stream mapping's polling and
 * batching, the indexer's writes and the search itself, as a member would see them. The measured
 * minute follows a lead-in of the same load, as a burst would meet a stack that has been busy.
 *
 * Searching is part of the load, so it is bounded whatever the lag: the quizzes created (or edited)
 * within the same `groupMs` share a word that no other quiz holds, and every `pollMs` two of the
 * groups with a quiz not found yet are searched for: the oldest, and the others in turn (a search
 * per quiz would load the stack with more searches than creates, and more the further the index
 * falls behind).
 */
export const BURST = {
  createsPerSecond: 20,
  /** Measured, after `leadInSeconds` of the same load that are not. */
  seconds: 60,
  /**
   * The first seconds of a burst on a stack that was idle are DynamoDB Local's JIT catching up
   * (lags of 1–3 s for 5–10 s, then a few hundred ms): the load runs this long before the measured
   * minute.
   */
  leadInSeconds: 15,
  /** Advanced members (100 quizzes each), so no one reaches the quota. */
  members: 20,
  /** Edits of quizzes created earlier in the burst (each found already, each edited once). */
  editsPerSecond: 2,
  groupMs: 1000,
  pollMs: 100,
  /** A quiz still not found after this long is an error (its lag counted as this). */
  giveUpMs: 60_000,
} as const;

export const BURST_BUDGETS = {
  /** From a create's or an edit's answer until search finds it (docs/brief/ARCHITECTURE.md §5: index lag). */
  lagP99Ms: 2000,
};

/**
 * The `n`th word of the run: two characters of CJK Extension A (in no other text), so its one pair
 * is a posting list of the few quizzes that hold it, and finding them is a selective search.
 */
const word = (n: number) =>
  String.fromCodePoint(0x3400 + (n % 3000)) + String.fromCodePoint(0x4000 + Math.floor(n / 3000));
/** The words of the warm-up, of the groups of creates and of the groups of edits. */
const WORDS = { warmUp: 0, created: 1000, edited: 2000 };

/**
 * The burst's `index`th quiz: titles and descriptions like the search part's catalogue, from past
 * its largest size, so none holds the words that part looks for when both run on one stack.
 */
const benchQuiz = (index: number) => catalogueQuiz(100_000 + index);

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const pause = (millis: number) => new Promise<void>((done) => setTimeout(done, millis));

/** A created or edited quiz not found yet: found by searching for its group's word. */
interface Pending {
  answered: number;
  found: (lag: number) => void;
}

export async function benchSearchBurst(stack: LocalStack): Promise<BenchRow[]> {
  const base = `http://127.0.0.1:${stack.gateway.port}`;
  const origin = new URL(stack.appUrl).origin;
  const signedIn = async () => {
    const browser = new TestClient(base, { origin });
    await browser.get('/api/categories');
    await signInAs(browser, { isPro: true });
    return browser;
  };
  const members = await Promise.all(Array.from({ length: BURST.members }, signedIn));
  const reader = await signedIn();
  const errors: string[] = [];
  const searchIds = async (query: string) => {
    const response = await reader.get(`/api/quizzes/search?q=${encodeURIComponent(query)}&sort=newest`);
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${response.text}`);
    return (response.json as unknown as { id: string }[]).map((quiz) => quiz.id);
  };
  const body = (index: number, title: string) =>
    quizInput({ title, description: benchQuiz(index).description }, 5);

  // Warm-up, not measured: each member creates and edits a quiz, searched for like the burst's, so
  // the functions are loaded before the load starts.
  const leadIn = BURST.createsPerSecond * BURST.leadInSeconds;
  const creates = leadIn + BURST.createsPerSecond * BURST.seconds;
  for (const [offset, member] of members.entries()) {
    const index = creates + offset;
    const json = body(index, `${benchQuiz(index).title} ${word(WORDS.warmUp + offset)}`);
    const created = await member.request('POST', '/api/quizzes', { json });
    if (created.status !== 201) throw new Error(`warm-up create answered ${created.status}: ${created.text}`);
    await member.request('PUT', `/api/quizzes/${String(created.json.id)}`, { json });
    await searchIds(word(WORDS.warmUp + offset));
  }
  await stack.gateway.streamSettled();

  /** Groups with quizzes not found yet: the group's word → the quizzes, by id. */
  const groups = new Map<string, Map<string, Pending>>();
  let polling = true;
  /** Searches for the groups in turn, a few every `pollMs`, until the burst is over and all are found. */
  async function poll() {
    let turn = 0;
    while (polling || groups.size) {
      const tick = performance.now();
      // Oldest first (the index takes changes in order, so it is the next to be found), and one of
      // the others in turn.
      const [oldest, ...others] = groups.keys();
      const now = oldest ? [oldest, ...(others.length ? [others[turn++ % others.length]!] : [])] : [];
      await Promise.all(
        now.map(async (query) => {
          const ids = await searchIds(query).catch((error: unknown): string[] => {
            errors.push(String(error));
            return [];
          });
          const waiting = groups.get(query)!;
          for (const [id, quiz] of waiting) {
            const lag = performance.now() - quiz.answered;
            if (!ids.includes(id) && lag <= BURST.giveUpMs) continue;
            if (!ids.includes(id)) errors.push(`${id} not found ${BURST.giveUpMs} ms after its answer`);
            quiz.found(lag);
            waiting.delete(id);
          }
          if (!waiting.size) groups.delete(query);
        }),
      );
      await pause(Math.max(0, BURST.pollMs - (performance.now() - tick)));
    }
  }
  const found = (query: string, id: string, answered: number) =>
    new Promise<number>((resolve) => {
      const waiting = groups.get(query) ?? new Map<string, Pending>();
      groups.set(query, waiting.set(id, { answered, found: resolve }));
    });

  const lags = { create: [] as number[], edit: [] as number[], leadIn: [] as number[] };
  /** How long each create took to answer: the load as its authors saw it. */
  const answers: number[] = [];
  /** Created quizzes found, with their author: the quizzes edits pick from. */
  const editable: { id: string; index: number; member: TestClient }[] = [];
  const started = performance.now();
  const groupWord = (offset: number) =>
    word(offset + Math.floor((performance.now() - started) / BURST.groupMs));

  /** Creates quiz `index`; its figures count from the measured minute on. */
  async function create(index: number) {
    const measured = index >= leadIn;
    const member = members[index % members.length]!;
    const query = groupWord(WORDS.created);
    const asked = performance.now();
    const response = await member.request('POST', '/api/quizzes', {
      json: body(index, `${benchQuiz(index).title} ${query}`),
    });
    const answered = performance.now();
    if (measured) answers.push(answered - asked);
    if (response.status !== 201) return void errors.push(`create ${response.status}: ${response.text}`);
    const id = String(response.json.id);
    const lag = await found(query, id, answered);
    lags[measured ? 'create' : 'leadIn'].push(lag);
    editable.push({ id, index, member });
  }

  async function edit(measured: boolean) {
    // A quiz found already, edited once by its author: one word of its title changes.
    const [quiz] = editable.splice(Math.floor(Math.random() * editable.length), 1);
    if (!quiz) return;
    const query = groupWord(WORDS.edited);
    const response = await quiz.member.request('PUT', `/api/quizzes/${quiz.id}`, {
      json: body(quiz.index, `${benchQuiz(quiz.index).title} ${query}`),
    });
    const answered = performance.now();
    if (response.status !== 200) return void errors.push(`edit ${response.status}: ${response.text}`);
    const lag = await found(query, quiz.id, answered);
    if (measured) lags.edit.push(lag);
  }

  // Open loop: each create and edit starts on its schedule, whether or not the ones before answered.
  const meter = meterCapacity();
  const polled = poll();
  const work: Promise<void>[] = [];
  const editEvery = BURST.createsPerSecond / BURST.editsPerSecond;
  let measuring = started;
  for (let index = 0; index < creates; index++) {
    const wait = started + (index * 1000) / BURST.createsPerSecond - performance.now();
    if (wait > 0) await pause(wait);
    if (index === leadIn) measuring = performance.now();
    work.push(create(index).catch((error: unknown) => void errors.push(String(error))));
    if (index % editEvery === editEvery - 1)
      work.push(edit(index >= leadIn).catch((error: unknown) => void errors.push(String(error))));
  }
  const issued = performance.now() - measuring;
  await Promise.all(work);
  polling = false;
  await polled;
  await stack.gateway.streamSettled();
  const units = meter.written();

  const rows: BenchRow[] = [];
  const row = (measure: string, value: string, budget = '', ok: boolean | null = null) =>
    rows.push({ measure, value, budget, ok });
  row(
    'search burst: creates and edits',
    `${lags.create.length} creates from ${BURST.members} members in ${(issued / 1000).toFixed(1)} s after a ${BURST.leadInSeconds} s lead-in (${(
      (lags.create.length * 1000) /
      issued
    ).toFixed(
      1,
    )}/s), ${lags.edit.length} edits; ${errors.length} errors${errors.length ? ` (${errors[0]!.slice(0, 160)})` : ''}`,
    'no errors',
    errors.length === 0,
  );
  answers.sort((a, b) => a - b);
  row(
    'search burst: create answered, p50 / p99',
    `${ms(percentile(answers, 50))} / ${ms(percentile(answers, 99))}`,
  );
  const lagsOf = (kind: keyof typeof lags) => {
    const sorted = [...lags[kind]].sort((a, b) => a - b);
    return {
      text: `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))} / ${ms(sorted.at(-1) ?? NaN)}`,
      sorted,
    };
  };
  // Shown, not budgeted: how a burst meets a stack that was idle.
  row(
    `search burst: lead-in (${BURST.leadInSeconds} s) create → found, p50 / p99 / max`,
    lagsOf('leadIn').text,
  );
  for (const kind of ['create', 'edit'] as const) {
    const { sorted, text } = lagsOf(kind);
    const p99 = percentile(sorted, 99);
    row(
      `search burst: ${kind} → found, p50 / p99 / max`,
      text,
      `p99 ≤ ${BURST_BUDGETS.lagP99Ms} ms`,
      sorted.length > 0 && p99 <= BURST_BUDGETS.lagP99Ms,
    );
  }
  row(
    'search burst: write units per create, index included',
    `${(units / creates).toFixed(1)} (all writes of the burst ÷ its ${creates} creates, its edits' included)`,
  );
  return rows;
}
