import { randomInt, randomUUID } from 'node:crypto';
import { ATTEMPT_MESSAGES } from '@shared/attempt-messages';
import type { AnswerCheckResult } from '@shared/attempts';
import { LIMITS, type AnswerLetter } from '@shared/constants';
import type { QuestionImage } from '@shared/quiz-images';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type {
  CreateQuizData,
  Question,
  QuizDetail,
  QuizForPlay,
  QuizSummary,
  UpdateQuizData,
} from '@shared/quiz-schemas';
import type { TagRef } from '@shared/tags';
import { displayName } from '@shared/users';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import type { Member } from '../users/user-policy';
import type { UserItem } from '../users/user-store';

/**
 * The rules of quizzes, as pure functions of a quiz, its questions and who asks: who may see
 * one, what a player is sent, how many a member may make, what an edit changed. No table, no
 * clock but the one passed in; quiz-store.ts keeps them, quiz.ts puts the two together.
 */

/** A quiz as the rules read it: everything but its keys in the table. */
export interface Quiz {
  id: string;
  title: string;
  description: string;
  category: string;
  difficulty: QuizSummary['difficulty'];
  timeLimit: number;
  authorId: string;
  authorName: string;
  username: string;
  isPublished: boolean;
  isHidden: boolean;
  status: 'active' | 'deleting';
  questionCount: number;
  reportCount: number;
  participantCount: number;
  totalPlayers: number;
  ratingSum: number;
  ratingCount: number;
  /** Written by earlier versions; the average is computed from the sum and count (`averageRating`). */
  averageRating?: number;
  hiddenBy?: string | null;
  hiddenAt?: string | null;
  reviewedBy?: string | null;
  reviewedAt?: string | null;
  /** Its tags' ids in the author's order (issue 30; none on quizzes from before tags). */
  tagIds?: string[];
  createdAt: string;
  updatedAt: string;
}

type Viewer = Pick<UserItem, 'id' | 'role'>;

/** Whether a quiz belongs in public lists: published, not hidden by an admin, not being deleted. */
export const isPubliclyVisible = (quiz: Pick<Quiz, 'isPublished' | 'isHidden' | 'status'>) =>
  quiz.isPublished && !quiz.isHidden && quiz.status === 'active';

/**
 * Whether a quiz may be featured (今週の注目クイズ): publicly visible and with no open reports, so a
 * quiz under review or flagged by members is never put forward. Whatever ranks the candidates,
 * they pass this first.
 */
export const isFeaturable = (quiz: Pick<Quiz, 'isPublished' | 'isHidden' | 'status' | 'reportCount'>) =>
  isPubliclyVisible(quiz) && (quiz.reportCount ?? 0) === 0;

/** Who may see a quiz: everyone when public; private quizzes only their author; hidden ones their author and admins. */
export function canView(quiz: Quiz, viewer: Viewer | undefined): boolean {
  if (quiz.status !== 'active') return false;
  const isAuthor = viewer?.id === quiz.authorId;
  if (!quiz.isPublished && !isAuthor) return false;
  if (quiz.isHidden && !isAuthor && viewer?.role !== 'admin') return false;
  return true;
}

/**
 * Who may use a quiz as its author does (its analytics, a copy): its author, and administrators for
 * a quiz that is not private (a private quiz is its author's alone).
 */
export const mayReadAsAuthor = (quiz: Pick<Quiz, 'authorId' | 'isPublished' | 'status'>, viewer: Viewer) =>
  quiz.status === 'active' && (viewer.id === quiz.authorId || (viewer.role === 'admin' && quiz.isPublished));

/**
 * The average rating to one decimal. Ratings add to `ratingSum` and `ratingCount` atomically
 * (many people rate at once), so the average is derived from them rather than stored.
 */
export const averageRating = (quiz: Pick<Quiz, 'ratingSum' | 'ratingCount'>) =>
  quiz.ratingCount > 0 ? Math.round((Number(quiz.ratingSum) / quiz.ratingCount) * 10) / 10 : 0;

/** A quiz as lists show it, with its active tags (functions/tags/tag.ts `withTags` finds them). */
export function toSummary(quiz: Quiz, tags: readonly TagRef[]): QuizSummary {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    timeLimit: quiz.timeLimit,
    questionCount: quiz.questionCount,
    participantCount: quiz.participantCount,
    totalPlayers: quiz.totalPlayers,
    averageRating: averageRating(quiz),
    authorId: quiz.authorId,
    authorName: quiz.authorName,
    isPublished: quiz.isPublished,
    isHidden: quiz.isHidden,
    reportCount: quiz.reportCount,
    createdAt: quiz.createdAt,
    updatedAt: quiz.updatedAt,
    tags: [...tags],
  };
}

export const toDetail = (quiz: Quiz, questions: Question[], tags: readonly TagRef[]): QuizDetail => ({
  ...toSummary(quiz, tags),
  questions,
});

/** Whether `viewer` may read a quiz's answer key before answering: its author and administrators. */
const readsAnswerKey = (quiz: Quiz, viewer: Viewer | undefined) =>
  viewer !== undefined && (viewer.id === quiz.authorId || viewer.role === 'admin');

/**
 * The quiz as `viewer` reads it to play: the answer key (`correctAnswer`, `explanation`) only
 * for its author and administrators; anyone else learns an answer once they have given theirs
 * (`checkAnswer`), so reading the quiz cannot win a live game.
 */
export function toPlayable(
  { quiz, questions }: { quiz: Quiz; questions: Question[] },
  viewer: Viewer | undefined,
  tags: readonly TagRef[],
): QuizForPlay {
  if (readsAnswerKey(quiz, viewer)) return toDetail(quiz, questions, tags);
  return {
    ...toSummary(quiz, tags),
    questions: questions.map(
      ({ correctAnswer: _answer, explanation: _explanation, ...question }) => question,
    ),
  };
}

/**
 * How many answers one member, and one client address (an IPv6 /64), may have checked in ten
 * minutes. A quiz has at most 50 questions: a member can play several whole quizzes and a class
 * behind one school address can play together, while a script reading answer keys one check at
 * a time gets a few quizzes a minute, not ten a second.
 */
/**
 * What one member may write, whoever they are: saves (creations and edits, each a transaction of up
 * to 55 items, pictures re-encoded, an edit record kept) and reports. A person never comes near
 * them; a script stops there instead of at the stage's throttle, which it would take from everyone.
 */
export const QUIZ_WRITE_LIMITS = { savesPerMinute: 100, reportsPerHour: 30 } as const;

export const ANSWER_CHECK_LIMITS = { perMember: 300, perAddress: 3000, windowSeconds: 600 } as const;

/** One given answer against the quiz's questions: right or not, with the answer and the explanation. */
export function checkedAnswer(
  questions: readonly Question[],
  input: { questionId: string; answer: AnswerLetter },
): AnswerCheckResult {
  const question = questions.find((candidate) => candidate.id === input.questionId);
  if (!question) throw new NotFoundError(ATTEMPT_MESSAGES.questionNotFound);
  return {
    questionId: question.id,
    isCorrect: input.answer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}

/** How many quizzes a member may have: 3 free, 100 advanced. */
export const quizQuota = (user: Pick<Member, 'isPro'>) =>
  user.isPro ? LIMITS.quizzesWithMembership : LIMITS.quizzesFree;

/** What a member over their quota is told (429, `quiz_quota`). */
export const quotaReached = (user: Pick<Member, 'isPro'>) =>
  new TooManyRequestsError(
    user.isPro ? QUIZ_MESSAGES.quotaWithMembership : QUIZ_MESSAGES.quotaFree,
    'quiz_quota',
  );

/** Refuses a new quiz (429) to a member who already has `quizCount` quizzes at their quota. */
export function assertQuotaLeft(user: Pick<Member, 'isPro'>, quizCount: number): void {
  if (quizCount >= quizQuota(user)) throw quotaReached(user);
}

/**
 * Making a quiz private needs advanced membership (403); keeping one private is allowed, so a
 * lapsed member's quiz stays as it was. `before` is the quiz being edited, none for a new one.
 */
export function assertPrivacyAllowed(
  user: Pick<Member, 'isPro'>,
  next: Pick<Quiz, 'isPublished'>,
  before?: Pick<Quiz, 'isPublished'>,
): void {
  if (!next.isPublished && !user.isPro && (before === undefined || before.isPublished))
    throw new ForbiddenError(QUIZ_MESSAGES.privateForMembersOnly);
}

/** Whether a category is one of the active categories (a quiz may use no other). */
export const isKnownCategory = (name: string, active: readonly { name: string }[]) =>
  active.some((category) => category.name === name);

/** A new quiz by `author`, with nothing played, rated or reported yet. */
export function newQuiz(author: UserItem, id: string, data: CreateQuizData, now: Date): Quiz {
  const timestamp = now.toISOString();
  return {
    id,
    title: data.quiz.title,
    description: data.quiz.description,
    category: data.quiz.category,
    difficulty: data.quiz.difficulty,
    timeLimit: data.quiz.timeLimit,
    authorId: author.id,
    authorName: displayName(author),
    username: author.username,
    isPublished: data.quiz.isPublished,
    isHidden: false,
    status: 'active',
    questionCount: data.questions.length,
    reportCount: 0,
    participantCount: 0,
    totalPlayers: 0,
    ratingSum: 0,
    ratingCount: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/**
 * The questions as written, in order from 1. A question keeps its id while it stays at its
 * position (`previous`), so attempt records still point at it.
 */
export function revisedQuestions(
  questions: CreateQuizData['questions'],
  previous: readonly Question[] = [],
): Question[] {
  return questions.map((question, index) => ({
    id: previous[index]?.id ?? randomUUID(),
    questionText: question.questionText,
    optionA: question.optionA,
    optionB: question.optionB,
    optionC: question.optionC ?? null,
    optionD: question.optionD ?? null,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation ?? null,
    order: index + 1,
    // Pictures are stored pictures, not what the form sent: quiz-image.ts puts them in.
    image: null,
  }));
}

/** The quiz after its author's edit: the edited fields replaced, counters kept as they are. */
export const editedQuiz = <Q extends Quiz>(
  before: Q,
  { quiz: { tags: _names, ...fields }, ...data }: UpdateQuizData,
  now: Date,
): Q => ({
  ...before,
  ...fields,
  questionCount: data.questions.length,
  updatedAt: now.toISOString(),
});

const sameQuestion = (a: Question | undefined, b: Question | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The positions whose question changed, before and after (a question added or removed included). */
export function changedQuestions(before: readonly Question[], after: readonly Question[]) {
  const positions = Array.from({ length: Math.max(before.length, after.length) }, (_, index) => index).filter(
    (index) => !sameQuestion(before[index], after[index]),
  );
  return {
    before: positions.flatMap((index) => (before[index] ? [before[index]] : [])),
    after: positions.flatMap((index) => (after[index] ? [after[index]] : [])),
  };
}

type Snapshot = Pick<Quiz, 'title' | 'description' | 'category' | 'difficulty' | 'timeLimit' | 'isPublished'>;
const snapshot = (quiz: Snapshot): Snapshot => ({
  title: quiz.title,
  description: quiz.description,
  category: quiz.category,
  difficulty: quiz.difficulty,
  timeLimit: quiz.timeLimit,
  isPublished: quiz.isPublished,
});

/**
 * The most an edit record's questions may take, in bytes of JSON. Every question of the largest
 * quiz changed, before and after, is about 530 KB, over DynamoDB's 400 KB an item: past this the
 * record keeps each changed question's text and answer only (at most about 160 KB), which is what
 * the administrator's history shows.
 */
export const EDIT_RECORD_QUESTIONS_BYTES = 200_000;

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** A changed question as a record too large for every field keeps it. */
const abridged = (question: Question) => ({
  id: question.id,
  questionText: question.questionText,
  correctAnswer: question.correctAnswer,
});

/** The questions an edit changed, whole while they fit in `EDIT_RECORD_QUESTIONS_BYTES`. */
function recordedQuestions(before: readonly Question[], after: readonly Question[]) {
  const changed = changedQuestions(before, after);
  if (bytesOf(changed) <= EDIT_RECORD_QUESTIONS_BYTES) return changed;
  return { before: changed.before.map(abridged), after: changed.after.map(abridged), abridged: true };
}

/**
 * The record of one edit: who, when, why (an edit while hidden says so) and what changed, the
 * quiz's fields before and after and only the questions that changed, so the record stays well
 * inside DynamoDB's 400 KB item limit (`EDIT_RECORD_QUESTIONS_BYTES`).
 */
export function editRecord(
  editor: Pick<UserItem, 'id' | 'nickname' | 'username'>,
  quiz: { before: Quiz; after: Quiz },
  questions: { before: readonly Question[]; after: readonly Question[] },
) {
  return {
    id: randomUUID(),
    quizId: quiz.before.id,
    editorId: editor.id,
    editorNickname: editor.nickname,
    editorUsername: editor.username,
    editedAt: quiz.after.updatedAt,
    reason: quiz.before.isHidden ? QUIZ_MESSAGES.editWhileHidden : QUIZ_MESSAGES.editByAuthor,
    whileHidden: quiz.before.isHidden,
    changes: {
      quiz: { before: snapshot(quiz.before), after: snapshot(quiz.after) },
      questions: recordedQuestions(questions.before, questions.after),
    },
  };
}

/** An edit as quiz-store.ts writes it. */
export type EditRecord = ReturnType<typeof editRecord>;

/**
 * A quiz question as a live game keeps it (a room's game, a class game): copied with its answer
 * key when the game is made, so a later edit of the quiz changes nothing in it.
 */
export interface PlayedQuestion {
  id: string;
  text: string;
  options: { A: string; B: string; C?: string; D?: string };
  correctAnswer: AnswerLetter;
  explanation: string | null;
  image: QuestionImage | null;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A quiz's questions as a game plays them: in the quiz's order, or shuffled. */
export const playedQuestions = (questions: readonly Question[], randomOrder: boolean): PlayedQuestion[] =>
  (randomOrder ? shuffled(questions) : questions).map((question) => ({
    id: question.id,
    text: question.questionText,
    options: {
      A: question.optionA,
      B: question.optionB,
      ...(question.optionC !== null ? { C: question.optionC } : {}),
      ...(question.optionD !== null ? { D: question.optionD } : {}),
    },
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    image: question.image ?? null,
  }));
