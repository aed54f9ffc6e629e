import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerLetter } from '@shared/constants';
import type { PlayQuestion, QuizForPlay } from '@shared/quiz-schemas';
import { toast } from '@web/components/toast/toast-store';
import { sendStudyRecord } from './api/send-study-record';
import { sendProgress } from '@web/lib/api/save-progress';
import { useAnswerChecks } from './use-answer-checks';

/** A question's answer: the letter chosen, or '-' for none (as the attempt is saved). */
export type Answer = AnswerLetter | '-';

/** Where an attempt is: before スタート, answering, or showing its result. */
export type AttemptPhase = 'intro' | 'playing' | 'finished';

/** How an attempt ended: every question answered, or the time limit ran out. */
export type AttemptEnd = 'completed' | 'timeout';

/** A new play's id (`playIdSchema`): its checks and its saved attempt count each question once. */
const newPlayId = () => crypto.randomUUID();

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * One attempt at a quiz (docs/spec/core-platform.md §4 "Quiz play"): the question order (shuffled again at each
 * start in random mode), the answers and their checks, and the clock, which ends the attempt when
 * the time limit runs out. Each answer is checked by the server as it is given (the quiz read has
 * no answer key); a signed-in player's answers are also sent: the attempt's progress and, once
 * checked, one study record each. A recorded play has an id of its own, sent with its checks and
 * its attempt, so the learning records count each of its questions once (docs/decisions.md "Issue 29").
 */
export function useAttempt(quiz: QuizForPlay, random: boolean, signedIn: boolean) {
  const [phase, setPhase] = useState<AttemptPhase>('intro');
  const order = useCallback(
    () => (random ? shuffled(quiz.questions) : quiz.questions),
    [quiz.questions, random],
  );
  const [questions, setQuestions] = useState<PlayQuestion[]>(order);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const { checks, check, reset: resetChecks } = useAnswerChecks(quiz.id);
  const [remaining, setRemaining] = useState(quiz.timeLimit * 60);
  const [ended, setEnded] = useState<AttemptEnd>('completed');
  /**
   * A retry of the questions answered wrong: practice, with the same clock, whose result is not
   * saved (a saved attempt is a play of the whole quiz).
   */
  const [practice, setPractice] = useState(false);
  /** The play's id, for a signed-in player's play of the whole quiz (practice is not recorded). */
  const [playId, setPlayId] = useState<string | null>(null);

  const finish = useCallback((how: AttemptEnd) => {
    setEnded(how);
    setPhase('finished');
  }, []);
  /** Seconds spent on each question answered, from its showing to its answer. */
  const timeSpent = useRef<Record<string, number>>({});
  // When the current question appeared, for the study record's time spent.
  const shownAt = useRef(Date.now());
  useEffect(() => {
    shownAt.current = Date.now();
  }, [index, phase]);

  // Counted from a fixed deadline: background tabs slow timers down, the clock does not.
  const deadline = useRef(0);
  useEffect(() => {
    if (phase !== 'playing') return;
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'playing' && remaining === 0) {
      toast({ title: '時間切れです', description: '制限時間になったため、クイズを終了しました。' });
      finish('timeout');
    }
  }, [phase, remaining, finish]);

  /**
   * Starts the quiz, or (with `only`) practice of those questions, in the quiz's order or shuffled.
   * `member` is whether the player is signed in, when the caller learned it after this render.
   */
  const start = (only?: PlayQuestion[], member = signedIn) => {
    // Each start (and each retry) draws a new random order.
    const picked = only ? (random ? shuffled(only) : only) : order();
    setPractice(Boolean(only));
    setPlayId(member && !only ? newPlayId() : null);
    timeSpent.current = {};
    setQuestions(picked);
    setIndex(0);
    setAnswers({});
    resetChecks();
    setRemaining(quiz.timeLimit * 60);
    deadline.current = Date.now() + quiz.timeLimit * 60_000;
    setPhase('playing');
  };

  const question = questions[index];
  const last = index === questions.length - 1;
  /**
   * Has the server check an answer; a signed-in player's check, once answered, makes the
   * question's study record (practice is not recorded).
   */
  const recorded = signedIn && !practice;
  /** Seconds spent on the play's questions, for its saved attempt. */
  const playSeconds = useCallback(
    () => Object.values(timeSpent.current).reduce((sum, seconds) => sum + seconds, 0),
    [],
  );
  /** Seconds spent on each question answered, by question id, for the author's analytics. */
  const questionSeconds = useCallback(() => ({ ...timeSpent.current }), []);
  const checkAndRecord = (questionId: string, letter: AnswerLetter) =>
    void check(questionId, letter, playId ?? undefined).then((result) => {
      if (!result || !recorded) return;
      sendStudyRecord({
        quizId: quiz.id,
        questionId,
        userAnswer: letter,
        correctAnswer: result.correctAnswer,
        isCorrect: result.isCorrect,
        timeSpent: timeSpent.current[questionId] ?? 0,
      });
    });

  /** Answers the current question (once), and has the server check it. */
  const choose = (letter: AnswerLetter) => {
    if (!question || answers[question.id]) return;
    const next = { ...answers, [question.id]: letter };
    setAnswers(next);
    timeSpent.current[question.id] = Math.round((Date.now() - shownAt.current) / 1000);
    checkAndRecord(question.id, letter);
    if (!recorded) return;
    sendProgress(
      quiz.id,
      Object.fromEntries(questions.map((item, position) => [String(position), next[item.id] ?? '-'])),
    );
  };

  /** Asks again for the check of an answer whose check failed. */
  const recheck = (questionId: string) => {
    const given = answers[questionId];
    if (given && given !== '-') checkAndRecord(questionId, given);
  };

  /**
   * Asks again for every question of a finished attempt whose check failed, and for the right
   * answer of each question left unanswered (the review shows it; the letter sent for those does
   * not matter, as nothing was answered and the result is scored from the right answer).
   */
  const checkRest = useCallback(() => {
    for (const item of questions) {
      const state = checks[item.id];
      if (state && state.status !== 'failed') continue;
      const given = answers[item.id];
      // Only an answer given counts (with the play's id): an unanswered question is only asked its answer.
      if (given && given !== '-') void check(item.id, given, playId ?? undefined);
      else void check(item.id, 'A');
    }
  }, [questions, checks, answers, check, playId]);

  // Once at the end of each attempt: the review needs every question's answer.
  const checkedAtEnd = useRef(false);
  useEffect(() => {
    if (phase !== 'finished') {
      checkedAtEnd.current = false;
      return;
    }
    if (checkedAtEnd.current) return;
    checkedAtEnd.current = true;
    checkRest();
  }, [phase, checkRest]);

  const next = () => (last ? finish('completed') : setIndex(index + 1));

  return {
    phase,
    questions,
    index,
    question,
    last,
    answers,
    checks,
    recheck,
    checkRest,
    remaining,
    ended,
    practice,
    playId,
    playSeconds,
    questionSeconds,
    start,
    choose,
    next,
  };
}
