import { randomUUID } from 'node:crypto';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  isClientSessionId,
  type CompleteSessionInput,
  type SessionResult,
  type StudyAnswer,
  type StudyQuestion,
  type StudySession,
} from '@shared/focused-study';
import type { GenerationContext } from '../ai/generation';
import { generateStudyQuestions } from '../ai/study-generation';
import { questionFingerprint } from '../ai/study-generator';
import { checkAttemptRate, withDailyAllowance } from '../ai/usage';
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
import { accountGuard, type Member } from '../users/user';
import { scoreSession } from './answer-check';
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
  userAnswers?: Record<string, StudyAnswer>;
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
  currentQuestionIndex: 0,
  startedAt: item.startedAt,
});

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
 * Nothing is used up when the member has no material; a generation that fails gives its use back.
 */
export async function startStudySession(
  user: Member,
  options: { fresh: boolean },
  context: GenerationContext,
  now = new Date(),
): Promise<StudySession> {
  await checkAttemptRate(user.id);
  const { settings, item } = await getStudySettings(user.id);
  const id = randomUUID();
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
      const session: SessionItem = {
        id,
        kind: 'study',
        questions: generated.map((question) => ({ ...question, id: randomUUID() })),
        difficulty: settings.difficulty,
        startedAt: now.toISOString(),
        date: japanDate(now),
        totalQuestions: generated.length,
      };
      await transactWrite([accountGuard(user.id), { Put: { Item: sessionItem(user.id, session, now) } }]);
      return asSession(session);
    },
    context.log,
  );
}

/** `POST /api/focused-study/start-review-session`: the questions due for review today (at most 30). */
export async function startReviewSession(
  userId: string,
  log: Logger,
  now = new Date(),
): Promise<StudySession> {
  const due = await dueReviews(userId, FOCUSED_STUDY.questionsMax, log, now);
  if (due.length === 0) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.noDueReviews);
  const { settings } = await getStudySettings(userId);
  const session: SessionItem = {
    id: randomUUID(),
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
  };
  await transactWrite([accountGuard(userId), { Put: { Item: sessionItem(userId, session, now) } }]);
  return asSession(session);
}

/** The session to complete: the server's (open, the member's own), or the page's with its questions. */
async function sessionToComplete(userId: string, input: CompleteSessionInput, now: Date) {
  if (isClientSessionId(input.sessionId)) {
    if (!input.questions?.length) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.retryWithoutData);
    const { settings } = await getStudySettings(userId);
    // Kept under the page's own id (unique per play: `retry-<time>`, `saved_<set>_<random>`), written
    // only once, so the same play posted twice, or thirty times at once, counts once.
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
            ConditionExpression: 'attribute_not_exists(pk)',
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
