import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '@web/components/toast/toast-error';
import { paths } from '@web/config/paths';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { ApiError } from '@web/lib/api-client';
import { useToggleFavorite } from '../api/quizzes';
import '../quizzes.css';

/** Heart toggle; guests are sent to the login page. */
export function FavoriteButton({ quizId, isFavorite }: { quizId: string; isFavorite: boolean }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const toggle = useToggleFavorite();
  return (
    <button
      type="button"
      className={`icon-button favorite-button${isFavorite ? ' is-active' : ''}`}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? 'お気に入りから外す' : 'お気に入りに追加'}
      disabled={toggle.isPending}
      onClick={() => {
        if (!user) {
          void navigate(paths.login);
          return;
        }
        toggle.mutate(
          { id: quizId, favorite: !isFavorite },
          {
            onError: (error) => {
              if (error instanceof ApiError && error.status === 401) return void navigate(paths.login);
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
