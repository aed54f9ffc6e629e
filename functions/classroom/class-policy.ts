import { ANSWER_LETTERS, type AnswerLetter } from '@shared/constants';
import { CLASSROOM_LIMITS, questionScore } from '@shared/socket-protocol';
import type {
  ClassGameState,
  ClassPlayer,
  ClassResults,
  ClassServerMessageOf,
  HostGame,
  OptionCounts,
  PlayerGame,
} from '@shared/classroom';
import type { PlayedQuestion } from '../quizzes/quiz-policy';

/**
 * The rules of class games as pure functions of the game, its players and the time (no SDK):
 * what the host's screen and a player's device are told, the points of an answer, the ranks, the
 * option counts, the results and their CSV rows. The store (class-store.ts) holds the items; the
 * play (class-play.ts) joins the two.
 */

/** A question as the game keeps it, copied from the quiz at creation (a later edit changes nothing). */
export type ClassQuestion = PlayedQuestion;

export interface ClassSettings {
  timePerQuestion: number;
  randomOrder: boolean;
  maxPlayers: number;
  showQuestionText: boolean;
}

/** What the reveal of one question found, kept on the game for the results. */
export interface QuestionStats {
  optionCounts: OptionCounts;
  correct: number;
  answered: number;
  /** Players in the game at the reveal (the base of the correct rate). */
  players: number;
}

export type RevealData = Omit<ClassServerMessageOf<'class_reveal'>, 'type'>;

export interface ClassGame {
  gameId: string;
  hostId: string;
  quizId: string;
  quizTitle: string;
  settings: ClassSettings;
  pin: string;
  state: ClassGameState;
  locked: boolean;
  /** The question being played or revealed; -1 in the lobby. */
  questionIndex: number;
  /** Every phase change adds 1: a tick or a reveal names the step it ends. */
  step: number;
  deadline: number | null;
  questionStartedAt: number | null;
  questions: ClassQuestion[];
  /** Players in the game (not removed, not left). */
  playerCount: number;
  answeredCount: number;
  hostConnectionId: string | null;
  hostEndpoint: string | null;
  stats: Record<string, QuestionStats>;
  reveal: RevealData | null;
  createdAt: string;
  endsAt: string;
  endsAtMs: number;
  countSentAt?: number;
  countPendingFor?: number;
}

export interface PlayerAnswer {
  answer: AnswerLetter;
  points: number;
  correct: boolean;
  /** Time taken, from the question's start to the answer's receipt. */
  ms: number;
}

export interface ClassPlayerItem {
  gameId: string;
  playerId: string;
  nickname: string;
  skeleton: string;
  userId: string | null;
  connectionId: string | null;
  endpoint: string | null;
  resumeTokenHash: string;
  connected: boolean;
  /** When the socket dropped (epoch ms), null while connected. */
  leftAt: number | null;
  /** Left or kicked: out of the game for good (their nickname is free). */
  removed: boolean;
  score: number;
  correctCount: number;
  answers: Record<string, PlayerAnswer>;
  closedThrough: number;
  joinedAt: number;
}

export const joinUrlOf = (appUrl: string, pin: string) => `${appUrl}/join?pin=${pin}`;

/** Whether the game is live: not finished and not past its two hours. */
export const isLive = (game: Pick<ClassGame, 'state' | 'endsAtMs'>, now: number) =>
  game.state !== 'finished' && now < game.endsAtMs;

/** The letters a question offers. */
export const lettersOf = (question: ClassQuestion): AnswerLetter[] =>
  ANSWER_LETTERS.filter((letter) => question.options[letter] !== undefined);

/** Points of an answer received at `receivedAt` (the server's receipt), as in rooms. */
export function scoreAnswer(game: ClassGame, answer: AnswerLetter, receivedAt: number): PlayerAnswer {
  const question = game.questions[game.questionIndex]!;
  const correct = question.correctAnswer === answer;
  const ms = Math.max(0, receivedAt - (game.questionStartedAt ?? receivedAt));
  return { answer, correct, ms, points: questionScore(correct, ms, game.settings.timePerQuestion) };
}

/** Why an answer cannot be taken now; undefined when the question is open to it. */
export function answerRefusal(
  game: ClassGame,
  questionIndex: number | undefined,
  receivedAt: number,
): 'not_answering' | 'too_late' | undefined {
  if (game.state !== 'question') return questionIndex === undefined ? 'not_answering' : 'too_late';
  if (questionIndex !== undefined && questionIndex !== game.questionIndex) return 'too_late';
  if (game.deadline === null || receivedAt >= game.deadline) return 'too_late';
  return undefined;
}

/** Players in the game, in the order they joined. */
export const activePlayers = (players: readonly ClassPlayerItem[]) =>
  players.filter((player) => !player.removed).sort((a, b) => a.joinedAt - b.joinedAt);

/**
 * A lobby seat given up: its player dropped longer ago than the resume time (`resumeSeconds`) and
 * did not come back. Its nickname is free again, and the game starts without it.
 */
export const droppedTooLong = (player: ClassPlayerItem, now: number) =>
  !player.removed &&
  !player.connected &&
  player.leftAt !== null &&
  now - player.leftAt > CLASSROOM_LIMITS.resumeSeconds * 1000;

/** Whether every player still in the game has answered question `questionIndex`. */
export const everyoneAnswered = (players: readonly ClassPlayerItem[], questionIndex: number) =>
  activePlayers(players).every((player) => player.answers[String(questionIndex)] !== undefined);

/** Ranks by total score: equal totals share a rank (1, 2, 2, 4). */
export function rankPlayers(players: readonly ClassPlayerItem[]): Map<string, number> {
  const scores = players.map((player) => player.score);
  return new Map(
    players.map((player) => [player.playerId, 1 + scores.filter((score) => score > player.score).length]),
  );
}

/** The players by rank (ties in the order they joined). */
export function standings(players: readonly ClassPlayerItem[]) {
  const active = activePlayers(players);
  const ranks = rankPlayers(active);
  return active
    .map((player) => ({ player, rank: ranks.get(player.playerId)! }))
    .sort((a, b) => a.rank - b.rank || a.player.joinedAt - b.player.joinedAt);
}

const scoreEntry = (player: ClassPlayerItem) => ({ nickname: player.nickname, totalScore: player.score });

export const emptyCounts = (): OptionCounts => ({ A: 0, B: 0, C: 0, D: 0 });

/**
 * The reveal of question `questionIndex` from the players' items as their closes returned them:
 * the option counts, the top 5, each player's rank, and the statistics kept for the results.
 */
export function revealOf(game: ClassGame, questionIndex: number, players: readonly ClassPlayerItem[]) {
  const active = activePlayers(players);
  const question = game.questions[questionIndex]!;
  const optionCounts = emptyCounts();
  let correct = 0;
  let answered = 0;
  for (const player of active) {
    const answer = player.answers[String(questionIndex)];
    if (!answer) continue;
    answered++;
    optionCounts[answer.answer]++;
    if (answer.correct) correct++;
  }
  const ranked = standings(active);
  const reveal: RevealData = {
    gameId: game.gameId,
    questionIndex,
    totalQuestions: game.questions.length,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    optionCounts,
    top: ranked.slice(0, CLASSROOM_LIMITS.topCount).map(({ player }) => scoreEntry(player)),
  };
  const ranks = Object.fromEntries(ranked.map(({ player, rank }) => [player.playerId, rank]));
  const stats: QuestionStats = { optionCounts, correct, answered, players: active.length };
  return { reveal, ranks, stats };
}

/** A player's `class_result` after the reveal of `questionIndex`. */
export function resultOf(
  game: Pick<ClassGame, 'gameId' | 'questions'>,
  questionIndex: number,
  player: ClassPlayerItem,
  rank: number,
): Omit<ClassServerMessageOf<'class_result'>, 'type'> {
  const answer = player.answers[String(questionIndex)];
  return {
    gameId: game.gameId,
    questionIndex,
    isCorrect: answer?.correct ?? false,
    points: answer?.points ?? 0,
    totalScore: player.score,
    rank,
    correctAnswer: game.questions[questionIndex]!.correctAnswer,
  };
}

/** The `class_question` frame: devices get the letters (and the texts only when the host turned that on). */
export function questionFrame(
  game: ClassGame,
  forHost: boolean,
  now: number,
): ClassServerMessageOf<'class_question'> {
  const question = game.questions[game.questionIndex]!;
  const shows = forHost || game.settings.showQuestionText;
  return {
    type: 'class_question',
    gameId: game.gameId,
    questionIndex: game.questionIndex,
    totalQuestions: game.questions.length,
    options: lettersOf(question),
    ...(shows ? { text: question.text, choices: question.options, image: question.image } : {}),
    deadline: game.deadline!,
    serverTime: now,
  };
}

/**
 * A player's total as anyone may see it: while a question is open, without the points of their
 * answer to it (added when the answer lands), which would tell the player (on a reload or a second
 * device) or the host's screen whether the answer was right before the reveal.
 */
export const revealedScore = (player: ClassPlayerItem, game: Pick<ClassGame, 'state' | 'questionIndex'>) =>
  revealedPlayer(player, game).score;

export const toClassPlayer = (
  player: ClassPlayerItem,
  game: Pick<ClassGame, 'state' | 'questionIndex'>,
): ClassPlayer => ({
  playerId: player.playerId,
  nickname: player.nickname,
  score: revealedScore(player, game),
  connected: player.connected,
});

/** What the host's screen is built from. */
export function toHostGame(game: ClassGame, players: readonly ClassPlayerItem[], appUrl: string): HostGame {
  // During the reveal too: a host screen reloaded then draws the chart with the question's options.
  const question =
    game.state === 'question' || game.state === 'reveal' ? game.questions[game.questionIndex] : undefined;
  return {
    gameId: game.gameId,
    pin: game.pin,
    joinUrl: joinUrlOf(appUrl, game.pin),
    quizId: game.quizId,
    quizTitle: game.quizTitle,
    state: game.state,
    locked: game.locked,
    settings: game.settings,
    players: activePlayers(players).map((player) => toClassPlayer(player, game)),
    questionIndex: game.questionIndex,
    totalQuestions: game.questions.length,
    question: question
      ? {
          questionIndex: game.questionIndex,
          totalQuestions: game.questions.length,
          text: question.text,
          options: question.options,
          image: question.image,
          deadline: game.deadline!,
          answered: game.answeredCount,
          total: game.playerCount,
        }
      : null,
    reveal: game.state === 'reveal' ? game.reveal : null,
    createdAt: game.createdAt,
    endsAt: game.endsAt,
  };
}

/**
 * What a player's device is told of the game when it joins or comes back; `rank` is the player's
 * rank among the players as they stand (the caller reads them only during a reveal, which shows it).
 */
export function toPlayerGame(game: ClassGame, player: ClassPlayerItem, rank?: number): PlayerGame {
  const question = game.questions[game.questionIndex];
  const shows = game.settings.showQuestionText;
  const answer = player.answers[String(game.questionIndex)];
  return {
    gameId: game.gameId,
    quizTitle: game.quizTitle,
    state: game.state,
    questionIndex: game.questionIndex,
    totalQuestions: game.questions.length,
    totalScore: revealedScore(player, game),
    question:
      game.state === 'question' && question
        ? {
            questionIndex: game.questionIndex,
            totalQuestions: game.questions.length,
            options: lettersOf(question),
            ...(shows ? { text: question.text, image: question.image } : {}),
            deadline: game.deadline!,
          }
        : null,
    myAnswer: game.state === 'question' ? (answer?.answer ?? null) : null,
    result:
      game.state === 'reveal' && rank !== undefined ? resultOf(game, game.questionIndex, player, rank) : null,
  };
}

/** The podium: the first three by total score. */
export const podiumOf = (players: readonly ClassPlayerItem[]) =>
  standings(players)
    .slice(0, CLASSROOM_LIMITS.podiumCount)
    .map(({ player }) => scoreEntry(player));

/** The final table, as the host's `class_finished` and the results carry it. */
export const finalTable = (players: readonly ClassPlayerItem[]) =>
  standings(players).map(({ player, rank }) => ({
    playerId: player.playerId,
    nickname: player.nickname,
    score: player.score,
    correctCount: player.correctCount,
    rank,
  }));

/** Percent with one decimal. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** One player's row of the results item: the table's fields and each question's answer. */
export interface ResultsPlayer {
  nickname: string;
  score: number;
  correctCount: number;
  rank: number;
  answers: (PlayerAnswer | null)[];
}

export interface StoredResults {
  quizTitle: string;
  playedAt: string;
  players: ResultsPlayer[];
  questions: ClassResults['questions'];
}

/**
 * A player as the figures may show them: during a question, without their answer to it (points,
 * a correct answer, the letter), which would tell whether it was right before the reveal.
 */
export function revealedPlayer(
  player: ClassPlayerItem,
  game: Pick<ClassGame, 'state' | 'questionIndex'>,
): ClassPlayerItem {
  const open = game.state === 'question' ? player.answers[String(game.questionIndex)] : undefined;
  if (!open) return player;
  const { [String(game.questionIndex)]: _hidden, ...answers } = player.answers;
  return {
    ...player,
    score: player.score - open.points,
    correctCount: player.correctCount - (open.correct ? 1 : 0),
    answers,
  };
}

/**
 * The results of a game: the final table, and each question's text, correct rate and option
 * counts (from the statistics its reveal kept; a question never revealed has none).
 */
export function resultsOf(game: ClassGame, players: readonly ClassPlayerItem[]): StoredResults {
  return {
    quizTitle: game.quizTitle,
    playedAt: game.createdAt,
    players: standings(players.map((player) => revealedPlayer(player, game))).map(({ player, rank }) => ({
      nickname: player.nickname,
      score: player.score,
      correctCount: player.correctCount,
      rank,
      answers: game.questions.map((_, index) => player.answers[String(index)] ?? null),
    })),
    questions: game.questions.map((question, index) => {
      const stats = game.stats[String(index)];
      return {
        text: question.text,
        correctRate: stats ? percent(stats.correct, stats.players) : 0,
        optionCounts: stats?.optionCounts ?? emptyCounts(),
      };
    }),
  };
}

export const publicResults = (results: StoredResults): ClassResults => ({
  quizTitle: results.quizTitle,
  playedAt: results.playedAt,
  players: results.players.map(({ nickname, score, correctCount, rank }) => ({
    nickname,
    score,
    correctCount,
    rank,
  })),
  questions: results.questions,
});

/**
 * The CSV's rows: a header (順位, ニックネーム, スコア, 正解数, 問1…), then one row a player, each
 * question's cell the letter answered and ○ or × (empty when not answered). The caller escapes
 * formulas.
 */
export function resultsCsvRows(results: StoredResults): string[][] {
  const header = [
    '順位',
    'ニックネーム',
    'スコア',
    '正解数',
    ...results.questions.map((_, index) => `問${index + 1}`),
  ];
  return [
    header,
    ...results.players.map((player) => [
      String(player.rank),
      player.nickname,
      String(player.score),
      String(player.correctCount),
      ...player.answers.map((answer) => (answer ? `${answer.answer} ${answer.correct ? '○' : '×'}` : '')),
    ]),
  ];
}

/** The results' file name: the quiz's title and the day, made safe for a file system. */
export function resultsFileNames(results: Pick<StoredResults, 'quizTitle' | 'playedAt'>, gameId: string) {
  const day = results.playedAt.slice(0, 10);
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const title = results.quizTitle.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_').slice(0, 80);
  const ascii = `class-${gameId}-${day}.csv`;
  return { fileName: title ? `${title}-${day}.csv` : ascii, asciiFileName: ascii };
}
