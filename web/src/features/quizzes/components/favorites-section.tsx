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
      ) : !favorites.data?.length ? (
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
                <Link to={paths.quiz(quiz.id)} className="button button--secondary button--small">
                  プレビュー
                </Link>
                <Link
                  to={paths.quiz(quiz.id, { random: true })}
                  className="button button--secondary button--small"
                >
                  ランダム順で開始
                </Link>
                <button
                  type="button"
                  className="button button--secondary button--small"
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
