import { useState } from 'react';
import {
  FOCUSED_STUDY_MESSAGES,
  isClientSessionId,
  type OptionKey,
  type SessionResult,
  type StudyAnswer,
  type StudyQuestion,
  type StudySession,
} from '@shared/focused-study';
import { toast } from '@web/components/toast/toast-store';
import { errorMessage } from '@web/lib/api-client';
import { useCompleteSession } from './api/focused-study';

/**
 * The page's session (§4): start → answer each question → next until the last → complete, which
 * sends the answers; the result is shown and the session cleared. Ending early discards it.
 * A retry with the same questions is a session the page holds itself (`retry-…`), as is a replay
 * of a saved set (`saved_…`); their questions are sent with the answers.
 */
export type StudyView =
  | { view: 'none' }
  | { view: 'answering'; session: StudySession; index: number; answers: Record<string, StudyAnswer> }
  | { view: 'result'; result: SessionResult };

/** A sort-order question starts in the order it is shown, and may be sent as it is. */
const startingAnswer = (question: StudyQuestion): StudyAnswer | undefined =>
  question.type === 'sort_order' ? (Object.keys(question.options) as OptionKey[]) : undefined;

/** Whether the question may be left: an answer chosen, or any order of a sort. */
export const isAnswered = (question: StudyQuestion, answer: StudyAnswer | undefined) =>
  question.type === 'sort_order' || (Array.isArray(answer) ? answer.length > 0 : answer !== undefined);

export function useStudySession(userId: string) {
  const [state, setState] = useState<StudyView>({ view: 'none' });
  const completion = useCompleteSession(userId);

  const begin = (session: StudySession) => {
    const answers: Record<string, StudyAnswer> = {};
    for (const question of session.questions) {
      const answer = startingAnswer(question);
      if (answer) answers[question.id] = answer;
    }
    setState({ view: 'answering', session, index: session.currentQuestionIndex, answers });
  };

  return {
    state,
    completing: completion.isPending,
    begin,

    answer(questionId: string, answer: StudyAnswer) {
      setState((current) =>
        current.view === 'answering'
          ? { ...current, answers: { ...current.answers, [questionId]: answer } }
          : current,
      );
    },

    next() {
      setState((current) =>
        current.view === 'answering'
          ? { ...current, index: Math.min(current.index + 1, current.session.questions.length - 1) }
          : current,
      );
    },

    previous() {
      setState((current) =>
        current.view === 'answering' ? { ...current, index: Math.max(0, current.index - 1) } : current,
      );
    },

    /** Sends the answers (and, for the page's own sessions, the questions); shows the result. */
    complete() {
      if (state.view !== 'answering') return;
      const { session, answers } = state;
      const held = isClientSessionId(session.id);
      completion.mutate(
        { sessionId: session.id, answers, ...(held ? { questions: session.questions } : {}) },
        {
          onSuccess: (result) => setState({ view: 'result', result }),
          onError: (error) =>
            toast({
              title: 'エラー',
              description: errorMessage(error, FOCUSED_STUDY_MESSAGES.completeFailed),
              variant: 'destructive',
            }),
        },
      );
    },

    /** A retry with the same questions, held by the page. */
    retry(questions: readonly StudyQuestion[] | undefined) {
      if (!questions?.length) {
        toast({
          title: 'エラー',
          description: FOCUSED_STUDY_MESSAGES.retryWithoutData,
          variant: 'destructive',
        });
        return;
      }
      begin({
        id: `retry-${Date.now()}`,
        questions: [...questions],
        currentQuestionIndex: 0,
        startedAt: new Date().toISOString(),
      });
    },

    /** Ends the session early (it is discarded) or leaves the result. */
    close() {
      setState({ view: 'none' });
    },
  };
}

export type StudySessionState = ReturnType<typeof useStudySession>;
