import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  FOCUSED_STUDY_MESSAGES,
  isClientRunId,
  type OptionKey,
  type RunResult,
  type StudyAnswer,
  type StudyQuestion,
  type StudyRun,
  type UnfinishedRun,
} from '@shared/focused-study';
import { toast } from '@web/components/toast/toast-store';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCompleteStudyRun } from './api/complete-study-run';
import { useDiscardStudyRun } from './api/discard-study-run';
import { saveStudyRunProgress } from './api/save-study-run-progress';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The page's run (docs/spec/multiplayer-membership-study.md §4): start → answer each question → next until the last → complete, which
 * sends the answers; the result is shown and the run cleared. Ending early discards it.
 * A retry with the same questions is a run the page holds itself (`retry-…`), as is a replay
 * of a saved set (`saved_…`); their questions are sent with the answers.
 *
 * The answers given and the question reached are saved on the server as the member goes (one
 * save at a time, the latest state winning), so an unfinished run resumes after a reload or
 * on another device. Only answers the member gave are kept: a sort counts as answered in the
 * order shown once the member goes on from it.
 */
export type StudyView =
  | {
      view: 'answering';
      run: StudyRun;
      index: number;
      answers: Record<string, StudyAnswer>;
      /** Changes the member made (answers, steps): each is saved once. */
      revision: number;
    }
  | { view: 'none' }
  | { view: 'result'; result: RunResult };

/** How the saving of the answers stands, as the run panel tells it. */
type ProgressStatus = 'idle' | 'saved' | 'failed';

type Answering = Extract<StudyView, { view: 'answering' }>;

/** Whether the question may be left: an answer chosen, or any order of a sort. */
export const isAnswered = (question: StudyQuestion, answer: StudyAnswer | undefined) =>
  question.type === 'sort_order' || (Array.isArray(answer) ? answer.length > 0 : answer !== undefined);

/** The answers with the question on screen's answer as shown: a sort left as it is, in that order. */
function withShownAnswer(state: Answering): Record<string, StudyAnswer> {
  const question = state.run.questions[state.index];
  if (!question || question.type !== 'sort_order' || state.answers[question.id] !== undefined)
    return state.answers;
  return { ...state.answers, [question.id]: Object.keys(question.options) as OptionKey[] };
}

/**
 * Sends the progress of one run at a time, never two saves at once: a change made while a
 * save is under way waits and goes next (only the latest), so the server's copy is always the
 * latest the page had. Once the run ends here (`stop`), what is left is dropped and a late
 * answer about it is not reported.
 */
function useProgressSaver() {
  const [status, setStatus] = useState<ProgressStatus>('idle');
  const active = useRef<string | null>(null);
  const waiting = useRef<Answering | null>(null);
  const running = useRef<Promise<void> | null>(null);
  /** The page-held runs the server keeps already (their questions need not be sent again). */
  const kept = useRef(new Set<string>());

  const run = async () => {
    for (let state = waiting.current; state; state = waiting.current) {
      waiting.current = null;
      const { run } = state;
      const held = isClientRunId(run.id);
      try {
        await saveStudyRunProgress(run.id, {
          answers: state.answers,
          currentQuestionIndex: state.index,
          ...(held && !kept.current.has(run.id) ? { questions: run.questions } : {}),
        });
        if (held) kept.current.add(run.id);
        if (active.current === run.id) setStatus('saved');
      } catch (error) {
        if (active.current !== run.id) continue;
        setStatus('failed');
        // Completed or discarded elsewhere: said once, as the completion would be refused too.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409))
          toast({
            title: FOCUSED_STUDY_MESSAGES.runGone,
            description: errorMessage(error, ''),
            variant: 'destructive',
          });
      }
    }
    running.current = null;
  };

  return {
    status,
    save(state: Answering) {
      active.current = state.run.id;
      waiting.current = state;
      running.current ??= run();
    },
    /** A run begins or resumes: nothing of the one before is sent any more. */
    start(sessionId: string, keptAlready: boolean) {
      active.current = sessionId;
      waiting.current = null;
      if (keptAlready) kept.current.add(sessionId);
      setStatus('idle');
    },
    /** The run ends here; resolves once no save of it is under way. */
    async stop() {
      active.current = null;
      waiting.current = null;
      await running.current;
    },
  };
}

export function useStudyRun(userId: string) {
  const [state, setState] = useState<StudyView>({ view: 'none' });
  const completion = useCompleteStudyRun(userId);
  const discard = useDiscardStudyRun(userId);
  const saver = useProgressSaver();
  const queryClient = useQueryClient();
  const saved = useRef<{ id: string; revision: number } | null>(null);

  // Each change the member makes is saved once; beginning or resuming a run is not a change.
  useEffect(() => {
    if (state.view !== 'answering' || state.revision === 0) return;
    const last = saved.current;
    if (last?.id === state.run.id && last.revision === state.revision) return;
    saved.current = { id: state.run.id, revision: state.revision };
    saver.save(state);
  }, [state, saver]);

  const begin = (run: StudyRun, answers: Record<string, StudyAnswer> = {}, kept = false) => {
    saver.start(run.id, kept);
    const index = Math.min(Math.max(0, run.currentQuestionIndex), run.questions.length - 1);
    setState({ view: 'answering', run, index, answers, revision: 0 });
  };

  const change = (update: (current: Answering) => Omit<Answering, 'revision' | 'view' | 'run'>) =>
    setState((current) =>
      current.view === 'answering'
        ? { ...current, ...update(current), revision: current.revision + 1 }
        : current,
    );

  return {
    state,
    completing: completion.isPending,
    progress: saver.status,
    begin,

    /** Goes on with an unfinished run where the member left it, with the answers they gave. */
    resume(unfinished: UnfinishedRun) {
      const { kind: _kind, userAnswers, ...run } = unfinished;
      begin(run, userAnswers, true);
    },

    answer(questionId: string, answer: StudyAnswer) {
      change((current) => {
        const answers = { ...current.answers };
        // An empty selection is no answer.
        if (Array.isArray(answer) && answer.length === 0) delete answers[questionId];
        else answers[questionId] = answer;
        return { index: current.index, answers };
      });
    },

    next() {
      change((current) => ({
        answers: withShownAnswer(current),
        index: Math.min(current.index + 1, current.run.questions.length - 1),
      }));
    },

    previous() {
      change((current) => ({ answers: current.answers, index: Math.max(0, current.index - 1) }));
    },

    /** Sends the answers (and, for the page's own runs, the questions); shows the result. */
    complete() {
      if (state.view !== 'answering') return;
      const { run } = state;
      const answers = withShownAnswer(state);
      const held = isClientRunId(run.id);
      void saver.stop();
      completion.mutate(
        { sessionId: run.id, answers, ...(held ? { questions: run.questions } : {}) },
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

    /** Ends the run early: it is discarded on the server too, so it is not offered again. */
    abandon() {
      if (state.view !== 'answering') return;
      const { run } = state;
      setState({ view: 'none' });
      // Not offered again while the discard is under way.
      queryClient.setQueryData(queryKeys.focusedStudy.unfinished(userId), null);
      // After the last save of it, so that a first save of a page-held run cannot keep it again.
      void saver.stop().then(() =>
        discard.mutate(run.id, {
          onError: (error) => {
            // A page-held run the server never kept is not there to discard.
            if (!(error instanceof ApiError && error.status === 404))
              toast({
                title: 'エラー',
                description: errorMessage(error, FOCUSED_STUDY_MESSAGES.discardFailed),
                variant: 'destructive',
              });
          },
        }),
      );
    },

    /** Leaves the result. */
    close() {
      void saver.stop();
      setState({ view: 'none' });
    },
  };
}

export type StudyRunState = ReturnType<typeof useStudyRun>;
