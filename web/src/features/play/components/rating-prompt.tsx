import { useState } from 'react';
import { Star } from 'lucide-react';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useRateAttempt } from '../api/rate-attempt';

/** After a saved attempt: 1–5 stars for the quiz; スキップ, or send once a star is picked. */
export function RatingPrompt({ attemptId, onClose }: { attemptId: string; onClose: () => void }) {
  const rate = useRateAttempt();
  const [stars, setStars] = useState(0);
  return (
    <div className="rating" role="group" aria-labelledby="rating-title">
      <p id="rating-title" className="rating__title">
        このクイズを評価してください
      </p>
      <div className="rating__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            className={`rating__star${value <= stars ? ' is-on' : ''}`}
            aria-label={`${value}つ星`}
            aria-pressed={value === stars}
            onClick={() => setStars(value)}
          >
            <Star size={28} aria-hidden fill={value <= stars ? 'currentColor' : 'none'} />
          </button>
        ))}
      </div>
      <div className="rating__actions">
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          スキップ
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={stars === 0 || rate.isPending}
          onClick={() =>
            rate.mutate(
              { attemptId, rating: stars },
              {
                onSuccess: () => {
                  toast({ title: '評価ありがとうございます！', variant: 'success' });
                  onClose();
                },
                onError: () => toastError(null, '評価の送信に失敗しました。'),
              },
            )
          }
        >
          評価を送信
        </button>
      </div>
    </div>
  );
}
