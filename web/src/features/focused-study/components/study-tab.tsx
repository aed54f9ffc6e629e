import { AI_MESSAGES } from '@shared/ai';
import { BookOpen, CalendarClock, History, Play, RotateCcw, Sparkles } from 'lucide-react';
import {
  STUDY_QUESTION_TYPE_LABELS,
  type ReviewQueue,
  type StudyQuestion,
  type StudySettings,
  type UnfinishedRun,
} from '@shared/focused-study';
import { Spinner } from '@web/components/ui/spinner';
import type { useAiUsage } from '@web/lib/api/get-ai-usage';
import { formatDay } from '@web/lib/format-date';
import { ResumeCard } from './resume-offer';

interface LatestStudyRun {
  completedAt: string;
  score: number;
  totalQuestions: number;
  questions: StudyQuestion[];
}

/**
 * The study tab: a run left unfinished first (to go on with), today's run by the
 * settings, the review queue (what is due today), and the latest run with a retry of its
 * questions.
 */
export function StudyTab(props: {
  settings: StudySettings;
  materialCount: number;
  usage: ReturnType<typeof useAiUsage>;
  reviews: ReviewQueue | undefined;
  reviewsFailed: boolean;
  latest: LatestStudyRun | null | undefined;
  latestFailed: boolean;
  unfinished: UnfinishedRun | null;
  startingOver: boolean;
  starting: 'start' | 'review' | null;
  onStart: () => void;
  onReview: () => void;
  onRetryLatest: () => void;
  onResume: (run: UnfinishedRun) => void;
  onStartOver: (run: UnfinishedRun) => void;
}) {
  const { settings, reviews, latest } = props;
  const noMaterial = props.materialCount === 0;
  const busy = props.starting !== null;
  const { unfinished } = props;
  return (
    <div className="study-tab">
      {unfinished && (
        <ResumeCard
          run={unfinished}
          busy={busy}
          startingOver={props.startingOver}
          onResume={() => props.onResume(unfinished)}
          onStartOver={() => props.onStartOver(unfinished)}
        />
      )}
      <div className="study-columns">
        <section className="card study-card study-start" aria-labelledby="study-start-title">
          <h2 id="study-start-title" className="study-card__title">
            <BookOpen size={18} aria-hidden />
            今日の学習
          </h2>
          <p className="study-start__settings">
            {settings.dailyQuestionCount}問・{settings.difficulty}・
            {settings.questionTypes.map((type) => STUDY_QUESTION_TYPE_LABELS[type]).join('／')}
          </p>
          <p className="field__hint">
            {props.materialCount}件の教材からAIが問題を作ります。学習を始めるごとにAI生成を1回使います。
          </p>
          <p className={`study-usage${props.usage.data?.canUse === false ? ' is-full' : ''}`} role="status">
            <Sparkles size={16} aria-hidden />
            {props.usage.data
              ? `本日のAI生成：残り ${props.usage.data.remaining} / ${props.usage.data.total}回（毎日0:00にリセット）`
              : 'AIの使用状況を確認しています...'}
          </p>
          {props.usage.data?.canUse === false && (
            <p className="form-alert" role="alert">
              {AI_MESSAGES.dailyLimit(props.usage.data.total)}
            </p>
          )}
          {noMaterial && (
            <p className="form-alert" role="status">
              教材がありません。「教材」タブでファイルをアップロードするか、テキストを追加してください。
            </p>
          )}
          <div className="study-card__actions">
            <button
              type="button"
              className="button button--primary button--large"
              disabled={noMaterial || busy || props.usage.data?.canUse === false}
              onClick={props.onStart}
            >
              {props.starting === 'start' ? <Spinner inline size={18} /> : <Play size={18} aria-hidden />}
              {props.starting === 'start' ? '問題を作成中...' : '学習を開始'}
            </button>
          </div>
        </section>
        <section className="card study-card study-reviews" aria-labelledby="study-review-title">
          <h2 id="study-review-title" className="study-card__title">
            <CalendarClock size={18} aria-hidden />
            復習
          </h2>
          {props.reviewsFailed ? (
            <p className="form-alert" role="alert">
              復習の予定を読み込めませんでした。ページを再読み込みしてください。
            </p>
          ) : reviews === undefined ? (
            <Spinner />
          ) : (
            <>
              <p className="study-reviews__due">
                今日の復習 <strong>{reviews.dueToday >= 1000 ? '999+' : reviews.dueToday}</strong>問
              </p>
              <p className="field__hint">
                間違えた問題は、忘れかけたころにもう一度出題されます（正解すると間隔がのび、間違えると翌日に戻ります）。
              </p>
              {reviews.dueToday === 0 && (
                <p className="study-reviews__next">
                  {reviews.nextReviewDate
                    ? `次の復習は ${formatDay(reviews.nextReviewDate)} です（予定 ${reviews.scheduled}問）`
                    : 'いまは復習する問題はありません。'}
                </p>
              )}
              <div className="study-card__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={reviews.dueToday === 0 || busy}
                  onClick={props.onReview}
                >
                  {props.starting === 'review' ? (
                    <Spinner inline size={16} />
                  ) : (
                    <RotateCcw size={16} aria-hidden />
                  )}
                  復習を始める
                </button>
              </div>
            </>
          )}
        </section>
      </div>
      <section className="card study-card" aria-labelledby="study-latest-title">
        <h2 id="study-latest-title" className="study-card__title">
          <History size={18} aria-hidden />
          前回の学習
        </h2>
        {props.latestFailed ? (
          <p className="form-alert" role="alert">
            前回の学習を読み込めませんでした。ページを再読み込みしてください。
          </p>
        ) : latest === undefined ? (
          <Spinner />
        ) : latest === null ? (
          <p className="field__hint">まだ学習の記録がありません。</p>
        ) : (
          <div className="study-latest">
            <p>
              <time dateTime={latest.completedAt}>{formatDay(latest.completedAt)}</time>：
              {latest.totalQuestions}問中 <strong>{latest.score}問</strong>正解（正答率
              {latest.totalQuestions ? Math.round((latest.score / latest.totalQuestions) * 100) : 0}%）
            </p>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={props.onRetryLatest}
            >
              <RotateCcw size={16} aria-hidden />
              同じ問題で再チャレンジ
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
