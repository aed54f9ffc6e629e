import { randomUUID } from 'node:crypto';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  isClientRunId,
  type CompleteRunInput,
  type RunProgressInput,
  type RunResult,
  type StudyRun,
  type UnfinishedRun,
} from '@shared/focused-study';
import type { GenerationContext } from '../ai/generation';
import { generateStudyQuestions } from '../ai/study-generation';
import { questionFingerprint } from '../ai/study-generator';
import { checkAttemptRate, withDailyAllowance } from '../ai/usage';
import type { NamedItem } from '../data/transact';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { focusedEvent } from '../learning/event-policy';
import { answerEventPut } from '../learning/event-store';
import { reviewKeyOf, reviewQuestionId } from '../learning/review-policy';
import { dueReviews, readReviewItems, reviewAnswerItem, wrongAnswerItem } from '../learning/review-store';
import { type Member } from '../users/user-policy';
import { scoreRun } from './answer-check';
import { materialForGeneration } from './material';
import {
  answersToQuestions,
  asRun,
  assertCompletable,
  assertOpen,
  checkProgress,
  PROGRESS_SAVES_PER_MINUTE,
  slotOf,
  takePlace,
  unfinishedKind,
  type RunRecord,
  type Slot,
} from './run-policy';
import {
  claimPlace,
  commitClaimedRun,
  deleteUnfinishedRun,
  getRun,
  keepPageRun,
  releaseClaim,
  runQuestions,
  writeCompletion,
  writeProgress,
} from './run-store';
import { getStudySettings } from './settings';

/**
 * Focused-study runs (docs/spec/multiplayer-membership-study.md §4): start (AI questions from the member's materials, within the daily
 * AI allowance), answer question by question on the page, complete. A run the server made is
 * kept until completed (for 24 hours) and checked against its own questions; the page's own
 * runs (`temp_`, `retry-`, `saved_`) send their questions with the answers (docs/spec/multiplayer-membership-study.md §7). Completing
 * records the day's stats and every wrong answer in the review queue, all in one transaction; a
 * review run also moves each question along its SM-2 schedule.
 *
 * A member has at most one unfinished run, named by the settings item's `openSessionId`: the
 * page saves the answers given and the question reached as the member goes, so the run
 * resumes after a reload or on another device. A start claims that place before it generates, so
 * parallel starts generate once, and a start while a run is unfinished is refused unless it
 * names the run it replaces (「新しく始める」), which is deleted when the new one is written.
 * The rules are run-policy.ts, the items and their conditions run-store.ts.
 */

/** The member's one place for an unfinished run, as it stands (read consistently). */
async function unfinishedSlot(userId: string, now: Date): Promise<Slot> {
  const { place } = await getStudySettings(userId, true);
  const run = place.openRunId ? await getRun(userId, place.openRunId, true) : undefined;
  return slotOf(place, run, now);
}

/**
 * A new server run in the member's one unfinished place. The place is claimed first (a
 * conditional write on the settings item: of parallel starts exactly one gets it, the others
 * answer 409 before anything is generated or counted); `make` then builds the run and hands
 * it to `commit`, which writes it, releases the claim and deletes the run it replaces, in one
 * transaction. If anything fails the place goes back to what it held, the replaced run with it.
 */
async function openRun(
  userId: string,
  replacing: string | undefined,
  log: Logger,
  now: Date,
  make: (id: string, commit: (run: RunRecord) => Promise<StudyRun>) => Promise<StudyRun>,
): Promise<StudyRun> {
  const { pointer, replaced } = takePlace(await unfinishedSlot(userId, now), replacing);
  const id = randomUUID();
  await claimPlace(userId, id, pointer, now);
  const commit = async (run: RunRecord) => {
    await commitClaimedRun(userId, run, replaced, now);
    return asRun(run);
  };
  try {
    return await make(id, commit);
  } catch (error) {
    await releaseClaim(userId, id, pointer).catch((releaseError: unknown) =>
      log.error('could not release a study run claim', { error: releaseError, userId }),
    );
    throw error;
  }
}

/** The questions of the member's latest completed run, so new ones can avoid them. */
async function latestQuestions(userId: string, latestRunId: string | undefined) {
  if (!latestRunId) return [];
  return (await runQuestions(userId, latestRunId)).map(questionFingerprint);
}

/**
 * `POST /api/focused-study/start-session` and, with `fresh`, `generate-new-questions`: questions
 * from the member's materials by their settings; `fresh` avoids the latest run's questions.
 * One generation per run: refused while another run is unfinished unless `replacing`
 * names it. Nothing is used up when the member has no material; a generation that fails gives its
 * use back.
 */
export async function startStudyRun(
  user: Member,
  options: { fresh: boolean; replacing?: string },
  context: GenerationContext,
  now = new Date(),
): Promise<StudyRun> {
  return openRun(user.id, options.replacing, context.log, now, async (id, commit) => {
    // Counted after the claim: the starts refused for a run already under way cost no attempt.
    await checkAttemptRate(user.id);
    const { settings, place } = await getStudySettings(user.id);
    const material = await materialForGeneration(user.id, id);
    const avoid = options.fresh ? await latestQuestions(user.id, place.latestRunId) : [];
    return withDailyAllowance(
      user,
      'study',
      async () => {
        const generated = await generateStudyQuestions(
          user,
          {
            material,
            count: settings.dailyQuestionCount,
            difficulty: settings.difficulty,
            types: settings.questionTypes,
            seed: id,
            avoid,
          },
          context,
        );
        // Written within the allowance: a run that cannot be written gives its use back.
        return commit({
          id,
          kind: 'study',
          questions: generated.map((question) => ({ ...question, id: randomUUID() })),
          difficulty: settings.difficulty,
          startedAt: now.toISOString(),
          date: japanDate(now),
          totalQuestions: generated.length,
        });
      },
      context.log,
    );
  });
}

/** `POST /api/focused-study/start-review-session`: the questions due for review today (at most 30). */
export async function startReviewRun(
  userId: string,
  replacing: string | undefined,
  log: Logger,
  now = new Date(),
): Promise<StudyRun> {
  return openRun(userId, replacing, log, now, async (id, commit) => {
    const due = await dueReviews(userId, FOCUSED_STUDY.questionsMax, log, now);
    if (due.length === 0) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.noDueReviews);
    const { settings } = await getStudySettings(userId);
    return commit({
      id,
      kind: 'review',
      // A question keeps the id that names its review item, whatever id its copy was saved with.
      questions: due.map((item) => ({
        ...item.question,
        id: reviewQuestionId({ quizId: item.quizId, questionId: item.questionId }),
      })),
      difficulty: settings.difficulty,
      startedAt: now.toISOString(),
      date: japanDate(now),
      totalQuestions: due.length,
    });
  });
}

/** The run to complete: the server's (open, the member's own), or the page's with its questions. */
async function runToComplete(userId: string, input: CompleteRunInput, now: Date) {
  if (isClientRunId(input.sessionId)) {
    if (!input.questions?.length) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.retryWithoutData);
    const { settings } = await getStudySettings(userId);
    // Kept under the page's own id (unique per play: `retry-<time>`, `saved_<set>_<random>`), and
    // completed only once (the item may hold its progress already), so the same play posted twice,
    // or thirty times at once, counts once.
    const run: RunRecord = {
      id: input.sessionId,
      kind: 'client',
      questions: input.questions,
      difficulty: settings.difficulty,
      startedAt: now.toISOString(),
      date: japanDate(now),
      totalQuestions: input.questions.length,
    };
    return { run, stored: false };
  }
  const run = await getRun(userId, input.sessionId, true);
  assertCompletable(run, now);
  return { run, stored: true };
}

/**
 * `POST /api/focused-study/complete-session`: scored on the server against the run's own
 * questions (docs/spec/multiplayer-membership-study.md §5); the result, the day's stats, the wrong answers (each into the review queue) and
 * the latest-run pointer are written together, or nothing is.
 */
export async function completeRun(
  userId: string,
  input: CompleteRunInput,
  now = new Date(),
): Promise<RunResult> {
  const { run, stored } = await runToComplete(userId, input, now);
  const { questions } = run;
  const userAnswers = answersToQuestions(questions, input.answers);
  const { results, score, totalQuestions, accuracy } = scoreRun(questions, userAnswers);
  const completedAt = now.toISOString();
  const correctById = new Map(results.map((result) => [result.questionId, result.isCorrect]));

  let answerItems: NamedItem[];
  if (run.kind === 'review') {
    const reviewed = await readReviewItems(
      userId,
      questions.map((question) => reviewKeyOf(question.id)),
    );
    answerItems = reviewed.map((item) => {
      const id = reviewQuestionId(item);
      return reviewAnswerItem(
        userId,
        item,
        { correct: correctById.get(id)!, userAnswer: userAnswers[id] ?? '-' },
        now,
      );
    });
  } else {
    // One wrong-answer item per question: `quiz~focused-study~X` names the same item as `X`.
    const seen = new Set<string>();
    answerItems = questions
      .filter((question) => !correctById.get(question.id))
      .filter((question) => {
        const { quizId, questionId } = reviewKeyOf(question.id);
        const key = `${quizId}\n${questionId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((question) =>
        wrongAnswerItem(
          {
            userId,
            key: reviewKeyOf(question.id),
            userAnswer: userAnswers[question.id] ?? '-',
            question,
            category: FOCUSED_STUDY.defaultCategory,
            difficulty: run.difficulty,
            reviewType: 'focused_study',
          },
          now,
        ),
      );
  }

  await writeCompletion(
    userId,
    run,
    stored,
    { score, totalQuestions, completedAt, userAnswers },
    [
      // The run's answers in the learning records (added to the day by recorder.ts).
      answerEventPut(
        focusedEvent({
          userId,
          runId: run.id,
          answered: totalQuestions,
          correct: score,
          secondsTaken: (now.getTime() - Date.parse(run.startedAt)) / 1000,
          category: FOCUSED_STUDY.defaultCategory,
          difficulty: run.difficulty,
          answeredAt: now,
        }),
      ),
      ...answerItems,
    ],
    now,
  );
  return { score, totalQuestions, accuracy, questions, userAnswers, results, completedAt };
}

/** `GET /api/focused-study/latest-session`: the member's last completed run, or null. */
export async function latestRun(userId: string) {
  const { place } = await getStudySettings(userId);
  if (!place.latestRunId) return null;
  const run = await getRun(userId, place.latestRunId);
  if (!run?.completedAt) return null;
  return {
    completedAt: run.completedAt,
    score: run.score ?? 0,
    totalQuestions: run.totalQuestions,
    questions: run.questions,
    userAnswers: run.userAnswers ?? {},
  };
}

/**
 * `GET /api/focused-study/unfinished-session`: the member's unfinished run with the answers
 * given so far and the question to go on from, or null. Only what the member sent comes back:
 * nothing is checked before completion, so nothing says which answers are right.
 */
export async function unfinishedRun(userId: string, now = new Date()): Promise<UnfinishedRun | null> {
  const slot = await unfinishedSlot(userId, now);
  if (slot.state !== 'open') return null;
  const { run } = slot;
  return {
    ...asRun(run),
    kind: unfinishedKind(run),
    userAnswers: run.userAnswers ?? {},
  };
}

/**
 * `PUT /api/focused-study/sessions/{sessionId}/progress`: the answers given so far and the
 * question reached, kept on the unfinished run (the last save wins). Nothing is checked or
 * answered about their correctness: completion checks the answers it is sent. A page-held run
 * (`temp_`, `retry-`, `saved_`) is kept from its first save, with the questions it sends then, in
 * the member's one unfinished place (refused while another run holds it).
 */
export async function saveProgress(
  userId: string,
  runId: string,
  input: RunProgressInput,
  now = new Date(),
): Promise<{ savedAt: string }> {
  await checkAttemptRate(userId, 'study-progress', PROGRESS_SAVES_PER_MINUTE);
  const stored = await getRun(userId, runId, true);
  if (stored) assertOpen(stored, now);
  const savedAt = now.toISOString();
  if (stored) {
    checkProgress(stored.questions, input);
    await writeProgress(userId, runId, {
      answers: input.answers,
      currentQuestionIndex: input.currentQuestionIndex,
      savedAt,
    });
    return { savedAt };
  }
  if (!isClientRunId(runId)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.runNotFound);
  if (!input.questions?.length) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.retryWithoutData);
  checkProgress(input.questions, input);
  const { pointer } = takePlace(await unfinishedSlot(userId, now));
  const { settings } = await getStudySettings(userId);
  const run: RunRecord = {
    id: runId,
    kind: 'client',
    questions: input.questions,
    difficulty: settings.difficulty,
    startedAt: savedAt,
    date: japanDate(now),
    totalQuestions: input.questions.length,
    userAnswers: input.answers,
    currentQuestionIndex: input.currentQuestionIndex,
    progressAt: savedAt,
  };
  await keepPageRun(userId, run, pointer, now);
  return { savedAt };
}

/**
 * `DELETE /api/focused-study/sessions/{sessionId}`: ends an unfinished run early (学習を中断,
 * docs/spec/multiplayer-membership-study.md §4: it is discarded). It can no longer be resumed or completed; a completed one stays.
 */
export async function discardRun(userId: string, runId: string, now = new Date()) {
  const { place } = await getStudySettings(userId, true);
  assertOpen(await getRun(userId, runId, true), now);
  // The place is freed with it, unless a start has claimed it to replace this run.
  await deleteUnfinishedRun(userId, runId, place.openRunId === runId);
  return { message: FOCUSED_STUDY_MESSAGES.runDiscarded };
}
