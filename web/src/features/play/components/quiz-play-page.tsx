import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { QuizForPlay } from '@shared/quiz-schemas';
import { paths } from '@web/config/paths';
import { currentUserQuery, useCurrentUser } from '@web/lib/auth/current-user';
import { toastError } from '@web/components/toast/toast-error';
import { ApiError } from '@web/lib/api-client';
import { afterFirstLoad } from '@web/lib/first-load-settled';
import { usePageTitle } from '@web/lib/page-title';
import { useQuizForPlay } from '../api/get-quiz-for-play';
import { useAttempt } from '../use-attempt';
import { QuizIntro } from './quiz-intro';
import '../play.css';

// What follows the intro (the questions and their clock, the leave guard's dialog, the result) is
// fetched once the page is up, not before the intro can show. スタート waits for it, so the clock
// never runs before the first question is on screen.
const loadQuestionView = () => import('./question-view');
const loadResultView = () => import('./result-view');
const loadLeaveGuard = () => import('./leave-guard');
const loadAttemptViews = () => Promise.all([loadQuestionView(), loadResultView(), loadLeaveGuard()]);
afterFirstLoad(loadAttemptViews);
const QuestionView = lazy(async () => ({ default: (await loadQuestionView()).QuestionView }));
const ResultView = lazy(async () => ({ default: (await loadResultView()).ResultView }));
const LeaveGuard = lazy(async () => ({ default: (await loadLeaveGuard()).LeaveGuard }));

/** '/quiz/{id}': intro, questions with immediate feedback and a timer, then the result. */
export function QuizPlayPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const random = params.get('mode') === 'random' || params.get('random') === '1';
  const quiz = useQuizForPlay(id);
  const navigate = useNavigate();
  usePageTitle(quiz.data?.title ?? 'クイズ');

  if (quiz.isPending) return <PlaySkeleton />;
  if (quiz.isError) {
    // A quiz that is not there (deleted, private or hidden: the server says 404 for each alike; an
    // address whose id no quiz can have, 400) is not a failure to load: there is nothing to retry.
    const missing =
      quiz.error instanceof ApiError && (quiz.error.status === 404 || quiz.error.status === 400);
    return (
      <section className="container auth">
        <div className="card status-card status-card--error" role="alert">
          <h1 className="status-card__title">
            {missing
              ? 'このクイズは見つかりません（削除されたか、非公開の可能性があります）'
              : 'クイズの読み込みに失敗しました。'}
          </h1>
          <button type="button" className="button button--primary" onClick={() => void navigate(paths.home)}>
            {missing ? 'ホームに戻る' : '終了する'}
          </button>
        </div>
      </section>
    );
  }
  return <Attempt key={`${id}-${random}`} quiz={quiz.data} random={random} />;
}

/** The intro card's shape while the quiz loads, so the page does not stand blank. */
function PlaySkeleton() {
  return (
    <section className="container play" aria-busy="true" aria-label="クイズを読み込み中">
      <div className="card play-card play-skeleton" aria-hidden>
        <span className="skeleton play-skeleton__badges" />
        <span className="skeleton play-skeleton__title" />
        <span className="skeleton play-skeleton__line" />
        <span className="skeleton play-skeleton__line play-skeleton__line--short" />
        <span className="skeleton play-skeleton__facts" />
        <span className="skeleton play-skeleton__button" />
      </div>
      <p className="visually-hidden" role="status">
        クイズを読み込んでいます
      </p>
    </section>
  );
}

/** One attempt's screens: intro, each question, the result (retry starts a new attempt). */
function Attempt({ quiz, random }: { quiz: QuizForPlay; random: boolean }) {
  const signedIn = Boolean(useCurrentUser().data);
  const attempt = useAttempt(quiz, random, signedIn);
  const queryClient = useQueryClient();

  if (attempt.phase === 'intro') {
    // スタート also waits to know who plays: pressed before `GET /api/auth/me` answered, a member's
    // play would start as a guest's, with no play id and no records. A failed answer is a guest's.
    const start = () =>
      Promise.all([loadAttemptViews(), queryClient.ensureQueryData(currentUserQuery).catch(() => null)]).then(
        ([, user]) => attempt.start(undefined, Boolean(user)),
        (error: unknown) =>
          toastError(error, 'クイズを開始できませんでした。通信状況を確認して、もう一度お試しください。'),
      );
    return <QuizIntro quiz={quiz} random={random} signedIn={signedIn} onStart={() => void start()} />;
  }
  return (
    <Suspense fallback={null}>
      <AttemptUnderWay quiz={quiz} attempt={attempt} signedIn={signedIn} />
    </Suspense>
  );
}

/** The questions, then the result, of an attempt that has started. */
function AttemptUnderWay({
  quiz,
  attempt,
  signedIn,
}: {
  quiz: QuizForPlay;
  attempt: ReturnType<typeof useAttempt>;
  signedIn: boolean;
}) {
  if (attempt.phase === 'finished')
    return (
      <ResultView
        quiz={quiz}
        questions={attempt.questions}
        answers={attempt.answers}
        checks={attempt.checks}
        ended={attempt.ended}
        practice={attempt.practice}
        signedIn={signedIn}
        playId={attempt.playId}
        playSeconds={attempt.playSeconds}
        questionSeconds={attempt.questionSeconds}
        onRetry={attempt.start}
        onRecheck={attempt.checkRest}
      />
    );
  const { question } = attempt;
  // スタート is disabled for a quiz without questions, so an attempt under way always has one.
  if (!question) return null;
  return (
    <>
      <LeaveGuard />
      <QuestionView
        key={question.id}
        question={question}
        position={attempt.index}
        total={attempt.questions.length}
        remaining={attempt.remaining}
        chosen={attempt.answers[question.id]}
        check={attempt.checks[question.id]}
        onChoose={attempt.choose}
        onRecheck={() => attempt.recheck(question.id)}
        last={attempt.last}
        onNext={attempt.next}
      />
    </>
  );
}
