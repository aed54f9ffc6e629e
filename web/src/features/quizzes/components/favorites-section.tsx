import { Heart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toastError } from '@web/components/toast/toast-error';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useFavorites } from '@web/lib/api/get-favorites';
import { useToggleFavorite } from '@web/lib/api/toggle-favorite';

/** The member's favourite quizzes on '/my-quizzes': play them, or take them off the list. */
export function FavoritesSection() {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  return (
    <section className="section my-favorites" aria-labelledby="favorites-title">
      <h2 id="favorites-title" className="section__title">
        <Heart size={20} aria-hidden /> お気に入り
      </h2>
      {favorites.isPending ? (
        <Spinner />
      ) : favorites.isError ? (
        <div className="state state--error" role="alert">
          <p>お気に入りの読み込みに失敗しました。</p>
          <button type="button" className="button button--secondary" onClick={() => void favorites.refetch()}>
            再読み込み
          </button>
        </div>
      ) : !favorites.data.length ? (
        <p className="state">お気に入りのクイズはまだありません。</p>
      ) : (
        <ul className="favorite-list">
          {favorites.data.map((quiz) => (
            <li key={quiz.id} className="favorite-list__item">
              <div>
                <p className="favorite-list__title">{quiz.title}</p>
                <p className="favorite-list__meta">
                  {quiz.category} ・ {quiz.difficulty} ・ {quiz.questionCount}問
                </p>
              </div>
              <div className="favorite-list__actions">
                {/* Each control's name starts with what it shows, then names its quiz (one row of many). */}
                <Link
                  to={paths.quiz(quiz.id)}
                  className="button button--secondary button--small"
                  aria-label={`プレビュー：${quiz.title}`}
                >
                  プレビュー
                </Link>
                <Link
                  to={paths.quiz(quiz.id, { random: true })}
                  className="button button--secondary button--small"
                  aria-label={`ランダム順で開始：${quiz.title}`}
                >
                  ランダム順で開始
                </Link>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  // One removal at a time: a double tap does not send a second one that fails.
                  disabled={toggle.isPending && toggle.variables?.id === quiz.id}
                  aria-label={`お気に入り解除：${quiz.title}`}
                  onClick={() =>
                    toggle.mutate(
                      { id: quiz.id, favorite: false },
                      { onError: (error) => toastError(error, 'お気に入り解除に失敗しました。') },
                    )
                  }
                >
                  お気に入り解除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
