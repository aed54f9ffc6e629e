import { useEffect, useRef, useState } from 'react';
import type { PlayQuestion, QuizForPlay } from '@shared/quiz-schemas';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useSaveAttempt } from './api/save-attempt';
import type { Answer } from './use-attempt';

/**
 * Saves a signed-in player's finished attempt, once, when its result is shown (guests' attempts
 * are not saved). The server scores it from the answers. Returns the saved attempt's id, which
 * the rating needs; null until then. The play's id and the seconds spent on its questions go with
 * it, so the learning records count the questions its checks already counted once; the seconds
 * of each question go to the author's analytics.
 */
export function useSavedAttempt(props: {
  quiz: QuizForPlay;
  questions: PlayQuestion[];
  answers: Record<string, Answer>;
  signedIn: boolean;
  playId: string | null;
  playSeconds: () => number;
  questionSeconds: () => Record<string, number>;
}): string | null {
  const save = useSaveAttempt();
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const saved = useRef(false);
  const { quiz, questions, answers, signedIn, playId, playSeconds, questionSeconds } = props;
  const total = questions.length;

  useEffect(() => {
    if (!signedIn || saved.current) return;
    saved.current = true;
    const byQuestion = Object.fromEntries(
      questions.map((question) => [question.id, answers[question.id] ?? '-']),
    );
    const byIndex = Object.fromEntries(
      questions.map((question, position) => [String(position), answers[question.id] ?? '-']),
    );
    save.mutate(
      {
        quizId: quiz.id,
        totalQuestions: total,
        answers: byQuestion,
        answersByIndex: byIndex,
        secondsByQuestion: questionSeconds(),
        ...(playId ? { playId, timeSpent: playSeconds() } : {}),
      },
      {
        onSuccess: (attempt) => {
          toast({
            title: 'クイズ完了！',
            description: `${attempt.score} / ${attempt.totalQuestions} 問正解`,
            variant: 'success',
          });
          setAttemptId(attempt.id);
        },
        // The spec's message, whatever the server said.
        onError: () => toastError(null, '結果の保存に失敗しました。'),
      },
    );
  }, [signedIn, questions, answers, quiz.id, total, save, playId, playSeconds, questionSeconds]);

  return attemptId;
}
