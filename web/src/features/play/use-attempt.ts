import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerLetter } from '@shared/constants';
import type { Question, QuizDetail } from '@shared/quizzes';
import { toast } from '@web/components/toast/toast-store';
import { sendProgress, sendStudyRecord } from './api/play';

/** A question's answer: the letter chosen, or '-' for none (as the attempt is saved). */
export type Answer = AnswerLetter | '-';

/** Where an attempt is: before スタート, answering, or showing its result. */
export type AttemptPhase = 'intro' | 'playing' | 'finished';

/** How an attempt ended: every question answered, or the time limit ran out. */
export type AttemptEnd = 'completed' | 'timeout';

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * One attempt at a quiz (core-platform §4 "Quiz play"): the question order (shuffled again at each
 * start in random mode), the answers, and the clock, which ends the attempt when the time limit
 * runs out. A signed-in player's answers are sent as they are given: the attempt's progress and
 * one study record each.
 */
export function useAttempt(quiz: QuizDetail, random: boolean, signedIn: boolean) {
  const [phase, setPhase] = useState<AttemptPhase>('intro');
  const order = useCallback(
    () => (random ? shuffled(quiz.questions) : quiz.questions),
    [quiz.questions, random],
  );
  const [questions, setQuestions] = useState<Question[]>(order);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [remaining, setRemaining] = useState(quiz.timeLimit * 60);
  const [ended, setEnded] = useState<AttemptEnd>('completed');
  /**
   * A retry of the questions answered wrong: practice, with the same clock, whose result is not
   * saved (a saved attempt is a play of the whole quiz).
   */
  const [practice, setPractice] = useState(false);

  const finish = useCallback((how: AttemptEnd) => {
    setEnded(how);
    setPhase('finished');
  }, []);
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

  /** Starts the quiz, or (with `only`) practice of those questions, in the quiz's order or shuffled. */
  const start = (only?: Question[]) => {
    // Each start (and each retry) draws a new random order.
    const picked = only ? (random ? shuffled(only) : only) : order();
    setPractice(Boolean(only));
    setQuestions(picked);
    setIndex(0);
    setAnswers({});
    setRemaining(quiz.timeLimit * 60);
    deadline.current = Date.now() + quiz.timeLimit * 60_000;
    setPhase('playing');
  };

  const question = questions[index];
  const last = index === questions.length - 1;
  /** Answers the current question; a question is answered once. */
  const choose = (letter: AnswerLetter) => {
    if (!question || answers[question.id]) return;
    const next = { ...answers, [question.id]: letter };
    setAnswers(next);
    if (!signedIn || practice) return;
    sendProgress(
      quiz.id,
      Object.fromEntries(questions.map((item, position) => [String(position), next[item.id] ?? '-'])),
    );
    sendStudyRecord({
      quizId: quiz.id,
      questionId: question.id,
      userAnswer: letter,
      correctAnswer: question.correctAnswer,
      isCorrect: letter === question.correctAnswer,
      timeSpent: Math.round((Date.now() - shownAt.current) / 1000),
    });
  };
  const next = () => (last ? finish('completed') : setIndex(index + 1));

  return {
    phase,
    questions,
    index,
    question,
    last,
    answers,
    remaining,
    ended,
    practice,
    start,
    choose,
    next,
  };
}
