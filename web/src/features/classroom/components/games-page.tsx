import { Link } from 'react-router-dom';
import { Presentation } from 'lucide-react';
import type { ClassGameState } from '@shared/classroom';
import type { CurrentUser } from '@shared/users';
import { LoginRequired } from '@web/components/login-required';
import { Spinner } from '@web/components/ui/spinner';
import { StatusCard } from '@web/components/ui/status-card';
import { paths } from '@web/config/paths';
import { errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { formatDateTime } from '@web/lib/format-date';
import { usePageTitle } from '@web/lib/page-title';
import { useClassGames } from '../api/get-class-games';
import '../classroom.css';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

const STATE_LABELS: Record<ClassGameState, string> = {
  lobby: '参加受付中',
  question: '出題中',
  reveal: '出題中',
  finished: '終了',
};

/** `/classroom` (issue 31): the host's class games of the last 90 days, each to its screen or results. */
export function ClassGamesPage() {
  usePageTitle('クラスゲーム');
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>クラスゲームを見るにはログインしてください。</LoginRequired>;
  return <ClassGames user={current.data} />;
}

function ClassGames({ user }: { user: CurrentUser }) {
  const games = useClassGames(user.id);
  return (
    <section className="container page cls-page" aria-labelledby="cls-games-title">
      <h1 id="cls-games-title" className="page__title">
        <Presentation size={28} aria-hidden /> クラスゲーム
      </h1>
      <p className="cls-page__lead">
        クイズのページや「マイクイズ」の「クラスで出題」からゲームを開けます。過去90日間のゲームの結果を見られます。
      </p>
      {games.isPending ? (
        <Spinner />
      ) : games.isError ? (
        <StatusCard tone="error" title="読み込みに失敗しました">
          <p>{errorMessage(games.error, 'しばらくしてからもう一度お試しください')}</p>
        </StatusCard>
      ) : games.data.length === 0 ? (
        <p className="cls-page__empty">まだクラスゲームはありません。</p>
      ) : (
        <ul className="cls-games">
          {games.data.map((game) => (
            <li key={game.gameId} className="card cls-games__item">
              <div>
                <h2 className="cls-games__title">{game.quizTitle}</h2>
                <p className="cls-games__meta">
                  {formatDateTime(game.playedAt)}・{game.playerCount}人・{STATE_LABELS[game.state]}
                </p>
              </div>
              <div className="cls-games__actions">
                {game.state !== 'finished' && (
                  <Link
                    to={paths.classroomGame(game.gameId)}
                    className="button button--primary button--small"
                    aria-label={`「${game.quizTitle}」のゲーム画面を開く`}
                  >
                    ゲーム画面
                  </Link>
                )}
                <Link
                  to={paths.classroomResults(game.gameId)}
                  className="button button--secondary button--small"
                  aria-label={`「${game.quizTitle}」の結果`}
                >
                  結果
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
