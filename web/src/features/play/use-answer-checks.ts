import { useCallback, useRef, useState } from 'react';
import type { AnswerCheckResult } from '@shared/attempts';
import type { AnswerLetter } from '@shared/constants';
import { checkAnswer } from './api/check-answer';

/** Where one question's check is: asked, answered by the server, or failed (and may be asked again). */
export type AnswerCheck =
  | { status: 'pending' }
  | { status: 'checked'; result: AnswerCheckResult }
  | { status: 'failed'; error: unknown };

/**
 * The answer checks of one attempt, by question id. The quiz read carries no answer key, so each
 * answer is checked by the server (`POST /api/quizzes/{id}/check`) as it is given; the feedback,
 * the result and the review read the answers from here. A check given the play's id counts in the
 * member's learning records at once (a check only asking for the right answer goes without). `reset` starts a new attempt: checks
 * still under way for the old one are dropped when they answer.
 */
export function useAnswerChecks(quizId: string) {
  const [checks, setChecks] = useState<Record<string, AnswerCheck>>({});
  const attempt = useRef(0);

  const check = useCallback(
    async (
      questionId: string,
      answer: AnswerLetter,
      playId?: string,
    ): Promise<AnswerCheckResult | undefined> => {
      const asked = attempt.current;
      const settle = (state: AnswerCheck) => {
        if (attempt.current === asked) setChecks((current) => ({ ...current, [questionId]: state }));
      };
      settle({ status: 'pending' });
      try {
        const result = await checkAnswer(quizId, { questionId, answer, ...(playId ? { playId } : {}) });
        settle({ status: 'checked', result });
        return attempt.current === asked ? result : undefined;
      } catch (error) {
        settle({ status: 'failed', error });
        return undefined;
      }
    },
    [quizId],
  );

  const reset = useCallback(() => {
    attempt.current += 1;
    setChecks({});
  }, []);

  return { checks, check, reset };
}

/** The server's answer to a question, once it has come. */
export const checkedResult = (check: AnswerCheck | undefined) =>
  check?.status === 'checked' ? check.result : undefined;
