import { ArrowLeft, Share2, Shuffle, Users } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@web/config/paths';
import type { QuizForPlay } from '@shared/quiz-schemas';
import { toast } from '@web/components/toast/toast-store';
import { canPlayTogether, playTogetherPath } from '@web/lib/play-together';
import { CategoryBadge, DifficultyBadge } from '@web/components/quiz-badges';
import { ClassGameButton } from '@web/components/class-game-dialog';
import { useCurrentUser } from '@web/lib/auth/current-user';

/**
 * Before スタート: the quiz's badges, title, description, question count, time limit, author, and
 * 「みんなで遊ぶ」 (a multiplayer room on this quiz) when the quiz may host one, and for a signed-in
 * member 「クラスで出題」 (a class game on it, issue 31).
 */
export function QuizIntro({
  quiz,
  random,
  signedIn,
  onStart,
}: {
  quiz: QuizForPlay;
  random: boolean;
  signedIn: boolean;
  onStart: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser().data;
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: quiz.title, url });
      else {
        await navigator.clipboard.writeText(url);
        toast({ title: 'リンクをコピーしました', variant: 'success' });
      }
    } catch {
      // The share sheet was dismissed.
    }
  };
  return (
    <section className="container play">
      <div className="card play-card">
        <div className="quiz-card__badges">
          <CategoryBadge category={quiz.category} />
          <DifficultyBadge difficulty={quiz.difficulty} />
          {random && (
            <span className="pill pill--category">
              <Shuffle size={12} aria-hidden /> ランダム出題
            </span>
          )}
        </div>
        <h1 className="play-card__title">{quiz.title}</h1>
        <p className="play-card__description">{quiz.description || '説明はありません'}</p>
        <dl className="play-card__facts">
          <div>
            <dt>問題数</dt>
            <dd>{quiz.questionCount}問</dd>
          </div>
          <div>
            <dt>制限時間</dt>
            <dd>{quiz.timeLimit}分</dd>
          </div>
          <div>
            <dt>作成者</dt>
            <dd>{quiz.authorName || '匿名'}</dd>
          </div>
        </dl>
        <div className="play-card__actions">
          <button
            type="button"
            className="button button--secondary"
            // Back where the player came from on this site; a quiz opened from a shared link or a
            // bookmark (the site's first page in this tab) goes to home rather than off the site.
            onClick={() => void (location.key === 'default' ? navigate(paths.home) : navigate(-1))}
          >
            <ArrowLeft size={16} aria-hidden />
            戻る
          </button>
          <button type="button" className="button button--secondary" onClick={() => void share()}>
            <Share2 size={16} aria-hidden />
            共有
          </button>
          {canPlayTogether(quiz) && (
            <Link to={playTogetherPath(quiz.id, signedIn)} className="button button--secondary">
              <Users size={16} aria-hidden />
              みんなで遊ぶ
            </Link>
          )}
          {canPlayTogether(quiz) && user && <ClassGameButton quiz={quiz} user={user} />}
          <button
            type="button"
            className="button button--primary button--large"
            onClick={onStart}
            disabled={quiz.questions.length === 0}
          >
            スタート
          </button>
        </div>
      </div>
    </section>
  );
}
