import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastError } from '@web/components/toast/toast-error';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { currentPath, loginPathFor, type LoginState } from '@web/features/auth/return-path';
import { ApiError } from '@web/lib/api-client';
import { useToggleFavorite } from '../api/quizzes';
import '../quizzes.css';

/** Heart toggle; guests are sent to the login page, told why, and brought back. */
export function FavoriteButton({
  quizId,
  quizTitle,
  isFavorite,
}: {
  quizId: string;
  /** Names the quiz in the button's label: a grid has one heart per card. */
  quizTitle: string;
  isFavorite: boolean;
}) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useToggleFavorite();
  /** Guests learn why they are asked to sign in, and come back here afterwards. */
  const toLogin = () =>
    void navigate(loginPathFor(currentPath(location)), {
      state: { notice: 'お気に入りに追加するにはログインしてください。' } satisfies LoginState,
    });
  return (
    <button
      type="button"
      className={`icon-button favorite-button${isFavorite ? ' is-active' : ''}`}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `「${quizTitle}」をお気に入りから外す` : `「${quizTitle}」をお気に入りに追加`}
      disabled={toggle.isPending}
      onClick={() => {
        if (!user) return toLogin();
        toggle.mutate(
          { id: quizId, favorite: !isFavorite },
          {
            onError: (error) => {
              if (error instanceof ApiError && error.status === 401) return toLogin();
              toastError(
                error,
                isFavorite ? 'お気に入り解除に失敗しました。' : 'お気に入りの追加に失敗しました',
              );
            },
          },
        );
      }}
    >
      <Heart size={18} aria-hidden fill={isFavorite ? 'currentColor' : 'none'} />
    </button>
  );
}
