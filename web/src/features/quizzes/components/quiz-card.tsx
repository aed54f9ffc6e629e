import { lazy, Suspense, useState } from 'react';
import { MoreVertical, Play, Shuffle, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { QuizSummary } from '@shared/quiz-schemas';
import { paths } from '@web/config/paths';
import { CategoryBadge, DifficultyBadge, RatingText } from '@web/components/quiz-badges';
import { FavoriteButton } from '@web/components/favorite-button';
import { TagChips } from '@web/components/tag-chips';
import { afterFirstLoad } from '@web/lib/first-load-settled';
import '../quizzes.css';
import { formatNumber } from '@web/lib/format-number';

// The menu (a Radix dropdown and its positioning) is mounted when its button is first used, not in
// every card of the grid; its code is fetched once the page is up. The report dialog loads when
// it is asked for.
const loadMenu = () => import('./quiz-card-menu');
afterFirstLoad(loadMenu);
const QuizCardMenu = lazy(async () => ({ default: (await loadMenu()).QuizCardMenu }));
const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog')).ReportDialog }));

/** A quiz in a grid: badges, title, description, numbers, favourite, report menu, play links. */
export function QuizCard({ quiz, isFavorite }: { quiz: QuizSummary; isFavorite: boolean }) {
  const [reporting, setReporting] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = (
    // The same button as the menu's own, until that is mounted: using it mounts the menu, which
    // opens once its own button is in the page (positioned against it, not against this one).
    <button
      type="button"
      className="icon-button"
      aria-label={`「${quiz.title}」のその他の操作`}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setMenuMounted(true)}
    >
      <MoreVertical size={18} aria-hidden />
    </button>
  );
  return (
    <article className="quiz-card" aria-labelledby={`quiz-${quiz.id}-title`}>
      <div className="quiz-card__top">
        <div className="quiz-card__badges">
          <CategoryBadge category={quiz.category} />
          <DifficultyBadge difficulty={quiz.difficulty} />
        </div>
        <div className="quiz-card__actions">
          <FavoriteButton quizId={quiz.id} quizTitle={quiz.title} isFavorite={isFavorite} />
          {menuMounted ? (
            <Suspense fallback={menuButton}>
              <QuizCardMenu
                quiz={quiz}
                onReport={() => setReporting(true)}
                open={menuOpen}
                onOpenChange={setMenuOpen}
                onMounted={() => setMenuOpen(true)}
              />
            </Suspense>
          ) : (
            menuButton
          )}
        </div>
      </div>
      <h3 id={`quiz-${quiz.id}-title`} className="quiz-card__title">
        {quiz.title}
      </h3>
      <p className="quiz-card__description">{quiz.description || '説明はありません'}</p>
      <TagChips tags={quiz.tags} label={`「${quiz.title}」のタグ`} />
      <dl className="quiz-card__stats">
        <div>
          <dt>評価</dt>
          <dd>
            <RatingText quiz={quiz} />
          </dd>
        </div>
        <div>
          <dt>問題数</dt>
          <dd>{quiz.questionCount}問</dd>
        </div>
        {/* The people who played it (each once): what 人気順 ranks by, as the featured card says. */}
        <div>
          <dt>挑戦した人</dt>
          <dd>
            <Users size={14} aria-hidden /> {formatNumber(quiz.participantCount)}人
          </dd>
        </div>
      </dl>
      <p className="quiz-card__author">作成者: {quiz.authorName || '匿名'}</p>
      <div className="quiz-card__play">
        <Link
          to={paths.quiz(quiz.id, { random: true })}
          className="button button--secondary button--small"
          aria-label={`「${quiz.title}」をランダム順でプレイ`}
        >
          <Shuffle size={15} aria-hidden />
          ランダム
        </Link>
        <Link
          to={paths.quiz(quiz.id)}
          className="button button--primary button--small"
          aria-label={`「${quiz.title}」をプレイ`}
        >
          <Play size={15} aria-hidden />
          プレイ
        </Link>
      </div>
      {/* Mounted when asked for: a grid of cards would otherwise set up a dialog per card. */}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            quizId={quiz.id}
            quizTitle={quiz.title}
            open={reporting}
            onOpenChange={setReporting}
          />
        </Suspense>
      )}
    </article>
  );
}

export function QuizGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="quiz-grid" aria-label="読み込み中" aria-busy>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="quiz-card quiz-card--skeleton skeleton" aria-hidden />
      ))}
    </ul>
  );
}
