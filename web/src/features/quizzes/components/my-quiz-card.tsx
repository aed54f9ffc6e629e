import { AlertTriangle, BarChart3, Copy, Eye, Pencil, Shuffle, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { QuizSummary } from '@shared/quiz-schemas';
import { paths } from '@web/config/paths';
import { CategoryBadge, DifficultyBadge } from '@web/components/quiz-badges';
import { QuizExportMenu } from './quiz-export-menu';
import { TagChips } from '@web/components/tag-chips';
import { ClassGameButton } from '@web/components/class-game-dialog';
import { useCurrentUser } from '@web/lib/auth/current-user';

/** One of the author's quizzes: state badges, numbers, received reports, preview, analytics, copy, edit, delete, export, クラスで出題. */
export function MyQuizCard(props: {
  quiz: QuizSummary;
  onShowReports: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  /** A copy of this quiz is being made. */
  duplicating?: boolean;
}) {
  const { quiz } = props;
  const user = useCurrentUser().data;
  return (
    <article className="quiz-card" aria-labelledby={`mine-${quiz.id}`}>
      <div className="quiz-card__badges">
        <CategoryBadge category={quiz.category} />
        <DifficultyBadge difficulty={quiz.difficulty} />
        {quiz.isHidden && <span className="pill pill--danger">非表示</span>}
        {quiz.isPublished ? (
          <span className="pill pill--public">公開</span>
        ) : (
          <span className="pill pill--private">非公開</span>
        )}
      </div>
      <h3 id={`mine-${quiz.id}`} className="quiz-card__title">
        {quiz.title}
      </h3>
      <p className="quiz-card__description">{quiz.description || '説明なし'}</p>
      <TagChips tags={quiz.tags} label={`「${quiz.title}」のタグ`} />
      <dl className="quiz-card__stats">
        <div>
          <dt>問題数</dt>
          <dd>{quiz.questionCount}問</dd>
        </div>
        <div>
          <dt>参加者</dt>
          <dd>{quiz.participantCount}人</dd>
        </div>
        <div>
          <dt>平均評価</dt>
          <dd>{quiz.averageRating.toFixed(1)}</dd>
        </div>
      </dl>
      {quiz.reportCount > 0 && (
        <button
          type="button"
          className="report-warning"
          onClick={props.onShowReports}
          // The name said aloud starts with what is seen (voice control), then names the quiz.
          aria-label={`${quiz.reportCount}件の報告があります（内容を見る）：「${quiz.title}」`}
        >
          <AlertTriangle size={16} aria-hidden />
          {quiz.reportCount}件の報告があります（内容を見る）
        </button>
      )}
      {/* Even rows: play it (preview, random order), study and copy it, change it (edit, delete), take it out (export). */}
      <div className="my-quiz-card__actions">
        <Link
          to={paths.quiz(quiz.id)}
          className="button button--secondary button--small"
          aria-label={`「${quiz.title}」をプレビュー`}
        >
          <Eye size={15} aria-hidden />
          プレビュー
        </Link>
        <Link
          to={paths.quiz(quiz.id, { random: true })}
          className="button button--secondary button--small"
          aria-label={`「${quiz.title}」をランダム順で開始`}
        >
          <Shuffle size={15} aria-hidden />
          ランダム順
        </Link>
        <Link
          to={paths.quizAnalytics(quiz.id)}
          className="button button--secondary button--small"
          aria-label={`「${quiz.title}」の分析`}
        >
          <BarChart3 size={15} aria-hidden />
          分析
        </Link>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={props.onDuplicate}
          disabled={props.duplicating}
          aria-label={`「${quiz.title}」を複製`}
        >
          <Copy size={15} aria-hidden />
          {props.duplicating ? '複製中...' : '複製'}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={props.onEdit}
          aria-label={`「${quiz.title}」を編集`}
        >
          <Pencil size={15} aria-hidden />
          編集
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          onClick={props.onDelete}
          aria-label={`「${quiz.title}」を削除`}
        >
          <Trash2 size={15} aria-hidden />
          削除
        </button>
        <QuizExportMenu quiz={quiz} />
        {user && quiz.questionCount > 0 && !quiz.isHidden && (
          <ClassGameButton quiz={quiz} user={user} className="button button--secondary button--small" />
        )}
      </div>
    </article>
  );
}
