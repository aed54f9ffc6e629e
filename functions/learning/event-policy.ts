import { japanDate } from '../lib/japan-time';

/**
 * What an answer counts for in the learning records (docs/decisions.md "Issue 29"). Every answer
 * — a checked answer of a solo play, a finished play, a multiplayer reveal, a focused-study run, a
 * review answer — is written as an answer event in the member's partition, beside (or inside) the
 * write of the answer itself; the learning records consumer of the table's stream (recorder.ts)
 * adds each event to the day's counters once. These are the rules of that: which events a play
 * dedupes, what an event adds to its day, the names of the day's per category × difficulty counters.
 */

export type AnswerEventKind = 'check' | 'attempt' | 'multiplayer' | 'focused' | 'review';

export interface AnswerEvent {
  userId: string;
  eventId: string;
  /** ISO time of the answer: its Japan day is the day it counts for. */
  answeredAt: string;
  kind: AnswerEventKind;
  /** Questions answered, of them correct, plays finished, seconds spent. */
  answered: number;
  correct: number;
  quizzes: number;
  timeSpent: number;
  category: string;
  difficulty: string;
  quizId?: string | undefined;
  /** A solo play's id (its checks and its finish): the play's questions count once. */
  playId?: string | undefined;
  /** A play's questions: `<first 8 characters of the question id><+ right | - wrong>`. */
  questions?: string[] | undefined;
}

/** A question of a play as its event holds it. */
export const questionMark = (questionId: string, correct: boolean) =>
  `${questionId.slice(0, 8)}${correct ? '+' : '-'}`;

const claimOf = (mark: string) => mark.slice(0, -1);
const isRight = (mark: string) => mark.endsWith('+');

/** What an event adds to its day. */
export interface Counts {
  answered: number;
  correct: number;
  quizzes: number;
  timeSpent: number;
}

/**
 * What an event of a play adds, given the questions of the play already counted: only its
 * questions not counted yet (each once), and its finished play. `claims` are the questions it counts.
 */
export function playEventCounts(event: AnswerEvent, claimed: ReadonlySet<string>) {
  const seen = new Set(claimed);
  const fresh: string[] = [];
  for (const mark of event.questions ?? []) {
    if (seen.has(claimOf(mark))) continue;
    seen.add(claimOf(mark));
    fresh.push(mark);
  }
  return {
    claims: fresh.map(claimOf),
    counts: {
      answered: fresh.length,
      correct: fresh.filter(isRight).length,
      quizzes: event.quizzes,
      timeSpent: event.timeSpent,
    } satisfies Counts,
  };
}

/**
 * How a play's claims name an event it counted: short (its kind and the random end of its id), so
 * the claims of a play of many checks stay under a kilobyte (one write unit).
 */
export const playEventKey = (event: Pick<AnswerEvent, 'kind' | 'eventId'>) =>
  `${event.kind[0]}${event.eventId.slice(-12)}`;

export const addsNothing = (counts: Counts) =>
  counts.answered === 0 && counts.quizzes === 0 && counts.timeSpent === 0;

/** The event's own counts (an event outside a play). */
export const eventCounts = (event: AnswerEvent): Counts => ({
  answered: event.answered,
  correct: event.correct,
  quizzes: event.quizzes,
  timeSpent: event.timeSpent,
});

/** The Japan day an event counts for. */
export const eventDay = (event: Pick<AnswerEvent, 'answeredAt'>) => japanDate(new Date(event.answeredAt));

/**
 * The day item's attributes of a category × difficulty: answered (`n#`), correct (`c#`) and the
 * last answer's time (`t#`). One item a day holds them all, so an answer is one counter write.
 */
export const pairAttributes = (category: string, difficulty: string) => ({
  answered: `n#${category}#${difficulty}`,
  correct: `c#${category}#${difficulty}`,
  last: `t#${category}#${difficulty}`,
});

export interface PairCounts {
  category: string;
  difficulty: string;
  answered: number;
  correct: number;
  /** ISO time of the latest answer, when known. */
  last: string | null;
}

/** The category × difficulty counters of a day item. */
export function pairsOf(item: Readonly<Record<string, unknown>>): PairCounts[] {
  const pairs = new Map<string, PairCounts>();
  for (const [name, value] of Object.entries(item)) {
    const match = /^([nct])#(.*)#([^#]*)$/.exec(name);
    if (!match) continue;
    const [, field, category, difficulty] = match as unknown as [string, 'n' | 'c' | 't', string, string];
    const key = `${category}\n${difficulty}`;
    const pair = pairs.get(key) ?? { category, difficulty, answered: 0, correct: 0, last: null };
    if (field === 'n') pair.answered = Number(value);
    else if (field === 'c') pair.correct = Number(value);
    else pair.last = typeof value === 'string' ? value : null;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** Seconds, whole, never negative, at most `cap`. */
export const seconds = (value: number, cap = 86_400) =>
  Math.min(cap, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));

/** A checked answer of a solo play (only with the page's play id: the finished play counts the rest). */
export function checkEvent(input: {
  userId: string;
  quizId: string;
  playId: string;
  questionId: string;
  correct: boolean;
  category: string;
  difficulty: string;
  answeredAt: Date;
  suffix: string;
}): AnswerEvent {
  return {
    userId: input.userId,
    eventId: `c-${input.playId}-${input.questionId.slice(0, 8)}-${input.suffix}`,
    answeredAt: input.answeredAt.toISOString(),
    kind: 'check',
    answered: 1,
    correct: input.correct ? 1 : 0,
    quizzes: 0,
    timeSpent: 0,
    category: input.category,
    difficulty: input.difficulty,
    quizId: input.quizId,
    playId: input.playId,
    questions: [questionMark(input.questionId, input.correct)],
  };
}

/**
 * A finished solo play: every question of the quiz (an unanswered one as wrong, as the profile
 * counts it) and one play; with a play id, the questions its checks counted are not counted again.
 * The play of a live game (`liveGame`) counts as one quiz played and no question: its reveals
 * counted each answer already.
 */
export function attemptEvent(input: {
  userId: string;
  attemptId: string;
  quizId: string;
  playId?: string | undefined;
  questions: readonly { id: string; correctAnswer: string }[];
  answers: Readonly<Record<string, string>>;
  category: string;
  difficulty: string;
  answeredAt: Date;
  liveGame?: boolean;
}): AnswerEvent {
  const marks = input.liveGame
    ? []
    : input.questions.map((question) =>
        questionMark(question.id, input.answers[question.id] === question.correctAnswer),
      );
  return {
    userId: input.userId,
    eventId: `a-${input.attemptId}`,
    answeredAt: input.answeredAt.toISOString(),
    kind: 'attempt',
    answered: marks.length,
    correct: marks.filter(isRight).length,
    quizzes: 1,
    timeSpent: 0,
    category: input.category,
    difficulty: input.difficulty,
    quizId: input.quizId,
    ...(input.playId && !input.liveGame ? { playId: input.playId, questions: marks } : {}),
  };
}

/** One player's answer at a multiplayer reveal (a player who gave none answered nothing). */
export function multiplayerEvent(input: {
  userId: string;
  roomCode: string;
  step: number;
  quizId: string;
  correct: boolean;
  secondsTaken: number;
  category: string;
  difficulty: string;
  answeredAt: Date;
}): AnswerEvent {
  return {
    userId: input.userId,
    eventId: `m-${input.roomCode}-${input.step}-${input.userId}`,
    answeredAt: input.answeredAt.toISOString(),
    kind: 'multiplayer',
    answered: 1,
    correct: input.correct ? 1 : 0,
    quizzes: 0,
    timeSpent: seconds(input.secondsTaken, 3600),
    category: input.category,
    difficulty: input.difficulty,
    quizId: input.quizId,
  };
}

/**
 * One member's answer at a class game's reveal: live play, counted as a room's answer is (its id
 * names the game and the question, so the same answer written twice is one event).
 */
export function classGameEvent(
  input: Omit<Parameters<typeof multiplayerEvent>[0], 'roomCode' | 'step'> & {
    gameId: string;
    questionIndex: number;
  },
): AnswerEvent {
  const { gameId, questionIndex, ...answer } = input;
  return {
    ...multiplayerEvent({ ...answer, roomCode: gameId, step: questionIndex }),
    eventId: `g-${gameId}-${questionIndex}-${input.userId}`,
  };
}

/** A completed focused-study run (a study run or a review run). */
export function focusedEvent(input: {
  userId: string;
  runId: string;
  answered: number;
  correct: number;
  secondsTaken: number;
  category: string;
  difficulty: string;
  answeredAt: Date;
}): AnswerEvent {
  return {
    userId: input.userId,
    eventId: `f-${input.runId}`,
    answeredAt: input.answeredAt.toISOString(),
    kind: 'focused',
    answered: input.answered,
    correct: input.correct,
    quizzes: 0,
    // At most 5 minutes a question: a run left open overnight is not a night of study.
    timeSpent: seconds(input.secondsTaken, input.answered * 300),
    category: input.category,
    difficulty: input.difficulty,
  };
}

/** One answer in a review of mistakes. */
export function reviewEvent(input: {
  userId: string;
  quizId: string;
  questionId: string;
  reviewCount: number;
  correct: boolean;
  timeSpent: number;
  category: string;
  difficulty: string;
  answeredAt: Date;
}): AnswerEvent {
  return {
    userId: input.userId,
    eventId: `r-${input.quizId}-${input.questionId.slice(0, 8)}-${input.reviewCount}`,
    answeredAt: input.answeredAt.toISOString(),
    kind: 'review',
    answered: 1,
    correct: input.correct ? 1 : 0,
    quizzes: 0,
    timeSpent: seconds(input.timeSpent, 3600),
    category: input.category,
    difficulty: input.difficulty,
    quizId: input.quizId,
  };
}
