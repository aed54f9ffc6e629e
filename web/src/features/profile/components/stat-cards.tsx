import { BookOpenCheck, PencilLine, Target, Trophy } from 'lucide-react';
import type { UserStats } from '@shared/learning';
import { formatNumber } from '@web/lib/format-number';

/** あなたの記録: quizzes made, attempts finished, average correct rate, 学習ポイント (– while loading). */
export function StatCards({ stats, pending }: { stats: UserStats | undefined; pending: boolean }) {
  const cards = [
    {
      label: '作成したクイズ',
      value: stats?.quizzesCreated,
      unit: '件',
      icon: <PencilLine size={20} aria-hidden />,
    },
    {
      label: '解いたクイズ',
      value: stats?.quizzesCompleted,
      unit: '回',
      icon: <BookOpenCheck size={20} aria-hidden />,
    },
    {
      label: '平均正答率',
      // No quiz finished yet: there is no average, not an average of 0%.
      value: stats && stats.quizzesCompleted === 0 ? undefined : stats?.averageScore,
      unit: '%',
      icon: <Target size={20} aria-hidden />,
    },
    {
      // 学習ポイント, not the multiplayer スコア (点): 10 per correct answer, 50 more for a perfect play.
      label: '学習ポイント',
      value: stats?.totalPoints,
      unit: 'pt',
      icon: <Trophy size={20} aria-hidden />,
    },
  ];
  return (
    <ul className="stat-grid" aria-label="あなたの記録">
      {cards.map((card) => (
        <li key={card.label} className={`stat-card${pending ? ' skeleton' : ''}`}>
          <span className="stat-card__icon">{card.icon}</span>
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value">
            {card.value === undefined ? (
              <>
                <span aria-hidden>–</span>
                <span className="visually-hidden">まだありません</span>
              </>
            ) : (
              <>
                {formatNumber(card.value)}
                <small>{card.unit}</small>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
