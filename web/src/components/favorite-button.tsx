import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastError } from '@web/components/toast/toast-error';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { currentPath, loginPathFor, type LoginState } from '@web/lib/auth/return-path';
import { ApiError } from '@web/lib/api-client';
import { useToggleFavorite } from '@web/lib/api/toggle-favorite';
import './favorite-button.css';

/**
 * Heart toggle; guests are sent to the login page, told why, and brought back. In a grid it is the
 * heart alone, named after its quiz; where the quiz is the page's own (`labelled`, the result
 * screen) it says お気に入り beside the heart.
 */
export function FavoriteButton({
  quizId,
  quizTitle,
  isFavorite,
  labelled = false,
}: {
  quizId: string;
  /** Names the quiz in the button's label: a grid has one heart per card. */
  quizTitle: string;
  isFavorite: boolean;
  labelled?: boolean;
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
      className={`${labelled ? 'button button--secondary' : 'icon-button'} favorite-button${isFavorite ? ' is-active' : ''}`}
      aria-pressed={isFavorite}
      // Labelled, the name is its visible text (and the pressed state says whether it is on).
      aria-label={
        labelled
          ? undefined
          : isFavorite
            ? `「${quizTitle}」をお気に入りから外す`
            : `「${quizTitle}」をお気に入りに追加`
      }
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
      {labelled && (isFavorite ? 'お気に入り登録済み' : 'お気に入りに追加')}
    </button>
  );
}
