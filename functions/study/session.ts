import { randomUUID } from 'node:crypto';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  isClientSessionId,
  type CompleteSessionInput,
  type SessionProgressInput,
  type SessionResult,
  type StudyAnswer,
  type StudyQuestion,
  type StudySession,
  type UnfinishedSession,
} from '@shared/focused-study';
import type { GenerationContext } from '../ai/generation';
import { generateStudyQuestions } from '../ai/study-generation';
import { questionFingerprint } from '../ai/study-generator';
import { checkAttemptRate, withDailyAllowance } from '../ai/usage';
import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { setAttributes } from '../data/keys';
import { ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import { dailyStats } from '../progress/progress';
import {
  dueReviews,
  readReviewItems,
  reviewAnswerItem,
  reviewKeyOf,
  reviewQuestionId,
  wrongAnswerItem,
} from '../progress/review-queue';
import { accountGuard } from '../users/user-store';
import { type Member } from '../users/user-policy';
import { answerFits, scoreSession } from './answer-check';
import { materialForGeneration } from './material';
import { getStudySettings, settingsKey } from './settings';
import { StudySessionKeys, StudySettingsKeys } from './study-keys';

/**
 * Focused-study sessions (§4): start (AI questions from the member's materials, within the daily
 * AI allowance), answer question by question on the page, complete. A session the server made is
 * kept until completed (for 24 hours) and checked against its own questions; the page's own
 * sessions (`temp_`, `retry-`, `saved_`) send their questions with the answers (§7). Completing
 * records the day's stats and every wrong answer in the review queue, all in one transaction; a
 * review session also moves each question along its SM-2 schedule.
 *
 * A member has at most one unfinished session, named by the settings item's `openSessionId`: the
 * page saves the answers given and the question reached as the member goes, so the session
 * resumes after a reload or on another device. A start claims that place before it generates, so
 * parallel starts generate once, and a start while a session is unfinished is refused unless it
 * names the session it replaces (「新しく始める」), which is deleted when the new one is written.
 */
type SessionKind = 'study' | 'review' | 'client';

interface SessionItem {
  id: string;
  kind: SessionKind;
  questions: StudyQuestion[];
  difficulty: string;
  startedAt: string;
  date: string;
  completedAt?: string;
  /** The answers given: so far while the session is unfinished, then those completed with. */
  userAnswers?: Record<string, StudyAnswer>;
  /** While unfinished: the question the member is on (0-based), saved with the answers. */
  currentQuestionIndex?: number;
  progressAt?: string;
  score?: number;
  totalQuestions: number;
}

const sessionKey = (userId: string, sessionId: string) => StudySessionKeys.key({ userId, sessionId });

function sessionItem(userId: string, session: SessionItem, now: Date) {
  return {
    ...sessionKey(userId, session.id),
    ...session,
    // History for a year; whether an open session may still be completed is checked in code.
    ttl: ttlFromDate(new Date(now.getTime() + 365 * 86_400_000)),
    ...StudySessionKeys.owner({ userId, sessionId: session.id }),
  };
}

const asSession = (item: SessionItem): StudySession => ({
  id: item.id,
  questions: item.questions,
  currentQuestionIndex: item.currentQuestionIndex ?? 0,
  startedAt: item.startedAt,
});

/** Whether a session may still be answered, resumed and completed: not completed, within 24 hours. */
const isOpen = (session: SessionItem, now: Date) =>
  !session.completedAt &&
  Date.parse(session.startedAt) > now.getTime() - FOCUSED_STUDY.sessionHours * 3_600_000;

/**
 * How long a start's claim on the unfinished place may stand without its session: longer than a
 * start can run (its function stops at 29 seconds), so the claim of a start that died gives way.
 */
const STARTING_CLAIM_MS = 60_000;

/** The member's one place for an unfinished session, as it stands. */
type Slot =
  /** Nothing unfinished; `pointer` is what `openSessionId` holds (a completed, discarded or expired session). */
  | { state: 'free'; pointer: string | undefined }
  /** Another start is generating its questions. */
  | { state: 'starting' }
  | { state: 'open'; session: SessionItem };

async function unfinishedSlot(userId: string, now: Date): Promise<Slot> {
  const { item } = await getStudySettings(userId, true);
  const pointer = item.openSessionId;
  if (!pointer) return { state: 'free', pointer };
  const { Item } = await db.get({ Key: sessionKey(userId, pointer), ConsistentRead: true });
  const session = Item as SessionItem | undefined;
  if (session) return isOpen(session, now) ? { state: 'open', session } : { state: 'free', pointer };
  const claimedAt = Date.parse(item.openSessionClaimedAt ?? '');
  return item.openSessionPending && claimedAt > now.getTime() - STARTING_CLAIM_MS
    ? { state: 'starting' }
    : { state: 'free', pointer };
}

/** The condition that `openSessionId` still holds what was read. */
const pointerStill = (pointer: string | undefined) =>
  pointer === undefined
    ? { ConditionExpression: 'attribute_not_exists(openSessionId)', values: {} }
    : { ConditionExpression: 'openSessionId = :expected', values: { ':expected': pointer } };

/**
 * The place for a new session: refused while another session is unfinished (unless it is the one
 * being replaced) or being started. `pointer` is what the place holds now, to write on condition.
 */
function takePlace(slot: Slot, replacing?: string): { pointer: string | undefined; replaced?: string } {
  if (slot.state === 'starting') throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionStarting);
  if (slot.state === 'free') return { pointer: slot.pointer };
  if (slot.session.id !== replacing) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionUnfinished);
  return { pointer: slot.session.id, replaced: slot.session.id };
}

/**
 * A new server session in the member's one unfinished place. The place is claimed first (a
 * conditional write on the settings item: of parallel starts exactly one gets it, the others
 * answer 409 before anything is generated or counted); `make` then builds the session and hands
 * it to `commit`, which writes it, releases the claim and deletes the session it replaces, in one
 * transaction. If anything fails the place goes back to what it held, the replaced session with it.
 */
async function openSession(
  userId: string,
  replacing: string | undefined,
  log: Logger,
  now: Date,
  make: (id: string, commit: (session: SessionItem) => Promise<StudySession>) => Promise<StudySession>,
): Promise<StudySession> {
  const { pointer, replaced } = takePlace(await unfinishedSlot(userId, now), replacing);
  const id = randomUUID();
  const owner = setAttributes(StudySettingsKeys.owner({ userId }));
  const expected = pointerStill(pointer);
  await transactWrite([
    accountGuard(userId),
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET openSessionId = :id, openSessionClaimedAt = :now, openSessionPending = :pending, ${owner.expression}`,
        ConditionExpression: expected.ConditionExpression,
        ExpressionAttributeValues: {
          ':id': id,
          ':now': now.toISOString(),
          ':pending': true,
          ...expected.values,
          ...owner.values,
        },
      },
      onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionStarting),
    },
  ]);
  const commit = async (session: SessionItem) => {
    await transactWrite([
      accountGuard(userId),
      { Put: { Item: sessionItem(userId, session, now), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          Key: settingsKey(userId),
          UpdateExpression: 'REMOVE openSessionPending',
          ConditionExpression: 'openSessionId = :id',
          ExpressionAttributeValues: { ':id': id },
        },
        // Only a start that outlived its claim by far gets here; another start holds the place now.
        onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionStarting),
      },
      ...(replaced
        ? [
            {
              Delete: {
                Key: sessionKey(userId, replaced),
                ConditionExpression: 'attribute_not_exists(completedAt)',
              },
              onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted),
            },
          ]
        : []),
    ]);
    return asSession(session);
  };
  try {
    return await make(id, commit);
  } catch (error) {
    await releaseClaim(userId, id, pointer).catch((releaseError: unknown) =>
      log.error('could not release a study session claim', { error: releaseError, userId }),
    );
    throw error;
  }
}

/** Gives the unfinished place back to what it held before a start that failed. */
async function releaseClaim(userId: string, id: string, pointer: string | undefined) {
  try {
    await db.update({
      Key: settingsKey(userId),
      UpdateExpression:
        pointer === undefined
          ? 'REMOVE openSessionId, openSessionClaimedAt, openSessionPending'
          : 'SET openSessionId = :back REMOVE openSessionPending',
      ConditionExpression: 'openSessionId = :id',
      ExpressionAttributeValues: { ':id': id, ...(pointer === undefined ? {} : { ':back': pointer }) },
    });
  } catch (error) {
    // The place was taken over already: nothing of this start is left to give back.
    if (!isConditionFailed(error)) throw error;
  }
}

/** The questions of the member's latest completed session, so new ones can avoid them. */
async function latestQuestions(userId: string, latestSessionId: string | undefined) {
  if (!latestSessionId) return [];
  const { Item } = await db.get({
    Key: sessionKey(userId, latestSessionId),
    ProjectionExpression: 'questions',
  });
  return ((Item?.questions as StudyQuestion[] | undefined) ?? []).map(questionFingerprint);
}

/**
 * `POST /api/focused-study/start-session` and, with `fresh`, `generate-new-questions`: questions
 * from the member's materials by their settings; `fresh` avoids the latest session's questions.
 * One generation per session: refused while another session is unfinished unless `replacing`
 * names it. Nothing is used up when the member has no material; a generation that fails gives its
 * use back.
 */
export async function startStudySession(
  user: Member,
  options: { fresh: boolean; replacing?: string },
  context: GenerationContext,
  now = new Date(),
): Promise<StudySession> {
  return openSession(user.id, options.replacing, context.log, now, async (id, commit) => {
    // Counted after the claim: the starts refused for a session already under way cost no attempt.
    await checkAttemptRate(user.id);
    const { settings, item } = await getStudySettings(user.id);
    const material = await materialForGeneration(user.id, id);
    const avoid = options.fresh ? await latestQuestions(user.id, item.latestSessionId) : [];
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
        // Written within the allowance: a session that cannot be written gives its use back.
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
export async function startReviewSession(
  userId: string,
  replacing: string | undefined,
  log: Logger,
  now = new Date(),
): Promise<StudySession> {
  return openSession(userId, replacing, log, now, async (id, commit) => {
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

/** The session to complete: the server's (open, the member's own), or the page's with its questions. */
async function sessionToComplete(userId: string, input: CompleteSessionInput, now: Date) {
  if (isClientSessionId(input.sessionId)) {
    if (!input.questions?.length) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.retryWithoutData);
    const { settings } = await getStudySettings(userId);
    // Kept under the page's own id (unique per play: `retry-<time>`, `saved_<set>_<random>`), and
    // completed only once (the item may hold its progress already), so the same play posted twice,
    // or thirty times at once, counts once.
    const session: SessionItem = {
      id: input.sessionId,
      kind: 'client',
      questions: input.questions,
      difficulty: settings.difficulty,
      startedAt: now.toISOString(),
      date: japanDate(now),
      totalQuestions: input.questions.length,
    };
    return { session, stored: false };
  }
  const { Item } = await db.get({ Key: sessionKey(userId, input.sessionId), ConsistentRead: true });
  const session = Item as SessionItem | undefined;
  const open =
    session && Date.parse(session.startedAt) > now.getTime() - FOCUSED_STUDY.sessionHours * 3_600_000;
  if (!session || (!session.completedAt && !open))
    throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
  if (session.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted);
  return { session, stored: true };
}

/**
 * `POST /api/focused-study/complete-session`: scored on the server against the session's own
 * questions (§5); the result, the day's stats, the wrong answers (each into the review queue) and
 * the latest-session pointer are written together, or nothing is.
 */
export async function completeSession(
  userId: string,
  input: CompleteSessionInput,
  now = new Date(),
): Promise<SessionResult> {
  const { session, stored } = await sessionToComplete(userId, input, now);
  const { questions } = session;
  const userAnswers = Object.fromEntries(
    questions.flatMap((question) =>
      input.answers[question.id] === undefined ? [] : [[question.id, input.answers[question.id]!]],
    ),
  );
  const { results, score, totalQuestions, accuracy } = scoreSession(questions, userAnswers);
  const completedAt = now.toISOString();
  const correctById = new Map(results.map((result) => [result.questionId, result.isCorrect]));

  let answerItems: NamedItem[];
  if (session.kind === 'review') {
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
            difficulty: session.difficulty,
            reviewType: 'focused_study',
          },
          now,
        ),
      );
  }

  const record = { score, totalQuestions, completedAt, userAnswers };
  const settingsOwner = setAttributes(StudySettingsKeys.owner({ userId }));
  await transactWrite([
    accountGuard(userId),
    stored
      ? {
          Update: {
            Key: sessionKey(userId, session.id),
            UpdateExpression:
              'SET completedAt = :completedAt, userAnswers = :answers, score = :score, totalQuestions = :total',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
            ExpressionAttributeValues: {
              ':completedAt': completedAt,
              ':answers': userAnswers,
              ':score': score,
              ':total': totalQuestions,
            },
          },
          onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted),
        }
      : {
          Put: {
            Item: sessionItem(userId, { ...session, ...record }, now),
            ConditionExpression: 'attribute_not_exists(completedAt)',
          },
          onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted),
        },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET latestSessionId = :latest, ${settingsOwner.expression}`,
        ExpressionAttributeValues: { ':latest': session.id, ...settingsOwner.values },
      },
    },
    dailyStats(userId, { questionsAnswered: totalQuestions, correctAnswers: score }, now),
    ...answerItems,
  ]);
  return { score, totalQuestions, accuracy, questions, userAnswers, results, completedAt };
}

/** `GET /api/focused-study/latest-session`: the member's last completed session, or null. */
export async function latestSession(userId: string) {
  const { item } = await getStudySettings(userId);
  if (!item.latestSessionId) return null;
  const { Item } = await db.get({ Key: sessionKey(userId, item.latestSessionId) });
  const session = Item as SessionItem | undefined;
  if (!session?.completedAt) return null;
  return {
    completedAt: session.completedAt,
    score: session.score ?? 0,
    totalQuestions: session.totalQuestions,
    questions: session.questions,
    userAnswers: session.userAnswers ?? {},
  };
}

/** The kind of an unfinished session as the page names it. */
const unfinishedKind = (session: SessionItem): UnfinishedSession['kind'] =>
  session.kind === 'client' ? (session.id.startsWith('saved_') ? 'saved' : 'retry') : session.kind;

/**
 * `GET /api/focused-study/unfinished-session`: the member's unfinished session with the answers
 * given so far and the question to go on from, or null. Only what the member sent comes back:
 * nothing is checked before completion, so nothing says which answers are right.
 */
export async function unfinishedSession(userId: string, now = new Date()): Promise<UnfinishedSession | null> {
  const slot = await unfinishedSlot(userId, now);
  if (slot.state !== 'open') return null;
  const { session } = slot;
  return {
    ...asSession(session),
    kind: unfinishedKind(session),
    userAnswers: session.userAnswers ?? {},
  };
}

/** Progress saves per member and minute: one per answer or step, with room for a fast member. */
const PROGRESS_SAVES_PER_MINUTE = 120;

/** Refuses answers to questions the session does not have, or not of their question's shape. */
function checkProgress(questions: readonly StudyQuestion[], input: SessionProgressInput) {
  if (input.currentQuestionIndex >= questions.length)
    throw new BadRequestError(FOCUSED_STUDY_MESSAGES.questionIndexInvalid);
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const [questionId, answer] of Object.entries(input.answers)) {
    const question = byId.get(questionId);
    if (!question) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerNotInSession);
    if (!answerFits(question, answer)) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.answerMismatch);
  }
}

/**
 * `PUT /api/focused-study/sessions/{sessionId}/progress`: the answers given so far and the
 * question reached, kept on the unfinished session (the last save wins). Nothing is checked or
 * answered about their correctness: completion checks the answers it is sent. A page-held session
 * (`temp_`, `retry-`, `saved_`) is kept from its first save, with the questions it sends then, in
 * the member's one unfinished place (refused while another session holds it).
 */
export async function saveProgress(
  userId: string,
  sessionId: string,
  input: SessionProgressInput,
  now = new Date(),
): Promise<{ savedAt: string }> {
  await checkAttemptRate(userId, 'study-progress', PROGRESS_SAVES_PER_MINUTE);
  const { Item } = await db.get({ Key: sessionKey(userId, sessionId), ConsistentRead: true });
  const stored = Item as SessionItem | undefined;
  if (stored?.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted);
  if (stored && !isOpen(stored, now)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
  const savedAt = now.toISOString();
  if (stored) {
    checkProgress(stored.questions, input);
    await transactWrite([
      accountGuard(userId),
      {
        Update: {
          Key: sessionKey(userId, sessionId),
          UpdateExpression: 'SET userAnswers = :answers, currentQuestionIndex = :index, progressAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
          ExpressionAttributeValues: {
            ':answers': input.answers,
            ':index': input.currentQuestionIndex,
            ':at': savedAt,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
        // Completed or discarded between the read and the write.
        onConditionFailed: (current) =>
          current
            ? new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted)
            : new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound),
      },
    ]);
    return { savedAt };
  }
  if (!isClientSessionId(sessionId)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
  if (!input.questions?.length) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.retryWithoutData);
  checkProgress(input.questions, input);
  const { pointer } = takePlace(await unfinishedSlot(userId, now));
  const { settings } = await getStudySettings(userId);
  const session: SessionItem = {
    id: sessionId,
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
  const owner = setAttributes(StudySettingsKeys.owner({ userId }));
  const expected = pointerStill(pointer);
  await transactWrite([
    accountGuard(userId),
    { Put: { Item: sessionItem(userId, session, now), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: settingsKey(userId),
        UpdateExpression: `SET openSessionId = :id, openSessionClaimedAt = :now, ${owner.expression} REMOVE openSessionPending`,
        ConditionExpression: expected.ConditionExpression,
        ExpressionAttributeValues: { ':id': sessionId, ':now': savedAt, ...expected.values, ...owner.values },
      },
      onConditionFailed: () => new ConflictError(FOCUSED_STUDY_MESSAGES.sessionUnfinished),
    },
  ]);
  return { savedAt };
}

/**
 * `DELETE /api/focused-study/sessions/{sessionId}`: ends an unfinished session early (学習を中断,
 * §4: it is discarded). It can no longer be resumed or completed; a completed one stays.
 */
export async function discardSession(userId: string, sessionId: string, now = new Date()) {
  const { item } = await getStudySettings(userId, true);
  const { Item } = await db.get({ Key: sessionKey(userId, sessionId), ConsistentRead: true });
  const session = Item as SessionItem | undefined;
  if (session?.completedAt) throw new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted);
  if (!session || !isOpen(session, now)) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound);
  await transactWrite([
    accountGuard(userId),
    {
      Delete: {
        Key: sessionKey(userId, sessionId),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      onConditionFailed: (current) =>
        current
          ? new ConflictError(FOCUSED_STUDY_MESSAGES.sessionCompleted)
          : new NotFoundError(FOCUSED_STUDY_MESSAGES.sessionNotFound),
    },
    // The place is freed with it, unless a start has claimed it to replace this session.
    ...(item.openSessionId === sessionId
      ? [
          {
            Update: {
              Key: settingsKey(userId),
              UpdateExpression: 'REMOVE openSessionId, openSessionClaimedAt, openSessionPending',
              ConditionExpression: 'openSessionId = :id',
              ExpressionAttributeValues: { ':id': sessionId },
            },
          },
        ]
      : []),
  ]);
  return { message: FOCUSED_STUDY_MESSAGES.sessionDiscarded };
}
