import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Award,
  BookOpenCheck,
  CheckCircle2,
  Pencil,
  PencilLine,
  Settings,
  Shuffle,
  Play,
  Target,
  Trophy,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@shared/accounts';
import { LIMITS } from '@shared/constants';
import type { ActivityItem } from '@shared/progress';
import { displayName, type CurrentUser } from '@shared/users';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import { useUpdateNickname } from '@web/features/auth/api/account';
import { AccountSettingsDialog } from '@web/features/auth/components/account-settings-dialog';
import { useRequireUser } from '@web/features/auth/use-require-user';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { currentUserKey } from '@web/features/auth/api/get-current-user';
import { useUserActivity, useUserStats } from '../api/profile';

const activityIcons: Record<ActivityItem['type'], React.ReactNode> = {
  quiz_created: <PencilLine size={18} aria-hidden />,
  quiz_completed: <CheckCircle2 size={18} aria-hidden />,
  achievement: <Award size={18} aria-hidden />,
};
const activityLabels: Record<ActivityItem['type'], string> = {
  quiz_created: 'クイズ作成',
  quiz_completed: 'クイズ完了',
  achievement: '実績',
};
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('ja-JP', { year: 'numeric', month: 'short', day: 'numeric' });

/** '/profile': greeting, stats, recent activity, latest results with mistakes, account settings. */
export function ProfilePage() {
  const current = useRequireUser();
  if (!current.data) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  return <Profile user={current.data} />;
}

function Profile({ user }: { user: CurrentUser }) {
  const stats = useUserStats(true);
  const activity = useUserActivity(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = [stats.error, activity.error].some(
    (error) => error instanceof ApiError && error.status === 401,
  );
  useEffect(() => {
    // The session ended while the user was still cached: sign-in is needed again.
    if (!signedOut) return;
    queryClient.setQueryData(currentUserKey, null);
    void navigate(paths.login, { replace: true });
  }, [signedOut, navigate, queryClient]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const cards = [
    {
      label: '作成したクイズ',
      value: stats.data?.quizzesCreated,
      unit: '件',
      icon: <PencilLine size={20} aria-hidden />,
    },
    {
      label: '解いたクイズ',
      value: stats.data?.quizzesCompleted,
      unit: '回',
      icon: <BookOpenCheck size={20} aria-hidden />,
    },
    {
      label: '平均正答率',
      value: stats.data?.averageScore,
      unit: '%',
      icon: <Target size={20} aria-hidden />,
    },
    {
      label: '合計ポイント',
      value: stats.data?.totalPoints,
      unit: 'pt',
      icon: <Trophy size={20} aria-hidden />,
    },
  ];
  return (
    <section className="container page" aria-labelledby="profile-title">
      <div className="page__header">
        <NicknameGreeting user={user} />
        <div className="profile__buttons">
          <Link to={paths.myQuizzes} className="button button--secondary">
            マイクイズ
          </Link>
          <Link to={paths.home} className="button button--secondary">
            クイズに挑戦
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setSettingsOpen(true)}>
            <Settings size={16} aria-hidden />
            アカウント設定
          </button>
        </div>
      </div>
      <ul className="stat-grid" aria-label="あなたの記録">
        {cards.map((card) => (
          <li key={card.label} className={`stat-card${stats.isPending ? ' skeleton' : ''}`}>
            <span className="stat-card__icon">{card.icon}</span>
            <span className="stat-card__label">{card.label}</span>
            <span className="stat-card__value">
              {card.value ?? '–'}
              <small>{card.unit}</small>
            </span>
          </li>
        ))}
      </ul>

      {(stats.isError || activity.isError) && !signedOut && (
        <div className="state state--error" role="alert">
          <p>記録の読み込みに失敗しました。</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void stats.refetch();
              void activity.refetch();
            }}
          >
            再読み込み
          </button>
        </div>
      )}
      <div className="profile__columns">
        <section className="card profile__panel" aria-labelledby="activity-title">
          <h2 id="activity-title" className="section__title">
            最近のアクティビティ
          </h2>
          {activity.isPending ? (
            <div className="page-loading" role="status" aria-label="読み込み中" />
          ) : !activity.data?.activity.length ? (
            <p className="state">まだアクティビティはありません。クイズに挑戦してみましょう！</p>
          ) : (
            <ul className="activity-list">
              {activity.data.activity.slice(0, 5).map((item) => (
                <li key={item.id} className={`activity-list__item activity-list__item--${item.type}`}>
                  <span className="activity-list__icon" aria-label={activityLabels[item.type]}>
                    {activityIcons[item.type]}
                  </span>
                  <span className="activity-list__text">
                    <strong>{item.title}</strong>
                    <span>{item.description}</span>
                  </span>
                  <span className="activity-list__meta">
                    {item.score !== null && <span>{item.score}%</span>}
                    <time dateTime={item.date}>{formatDate(item.date)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card profile__panel" aria-labelledby="history-title">
          <h2 id="history-title" className="section__title">
            最近の結果
          </h2>
          {activity.isPending ? (
            <div className="page-loading" role="status" aria-label="読み込み中" />
          ) : !activity.data?.recentAttempts.length ? (
            <p className="state">まだ結果はありません。</p>
          ) : (
            <ul className="history-list">
              {activity.data.recentAttempts.map((attempt) => (
                <li key={attempt.quizId} className="history-list__item">
                  <div className="history-list__head">
                    <div>
                      <p className="history-list__title">{attempt.quizTitle}</p>
                      <p className="history-list__meta">
                        <time dateTime={attempt.date}>{formatDate(attempt.date)}</time> ・ 正答率{' '}
                        {attempt.correctRate}%
                      </p>
                    </div>
                    <div className="history-list__actions">
                      <Link
                        to={paths.quiz(attempt.quizId, { random: true })}
                        className="button button--secondary button--small"
                        aria-label={`「${attempt.quizTitle}」にランダム順で再挑戦`}
                      >
                        <Shuffle size={14} aria-hidden /> ランダム
                      </Link>
                      <Link
                        to={paths.quiz(attempt.quizId)}
                        className="button button--primary button--small"
                        aria-label={`「${attempt.quizTitle}」に再挑戦`}
                      >
                        <Play size={14} aria-hidden /> 再挑戦
                      </Link>
                    </div>
                  </div>
                  {attempt.mistakes.length === 0 ? (
                    <p className="history-list__perfect">全問正解！</p>
                  ) : (
                    <ul className="mistakes">
                      {attempt.mistakes.map((mistake, index) => (
                        <li key={index}>
                          <p className="mistakes__question">{mistake.question}</p>
                          <p>
                            あなたの回答: <span className="mistakes__yours">{mistake.yourAnswer}</span> ／
                            正解: <span className="mistakes__correct">{mistake.correctAnswer}</span>
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <AccountSettingsDialog
        user={user}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        logoutTo={paths.login}
      />
    </section>
  );
}

function NicknameGreeting({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const [nickname, setNickname] = useState(user.nickname);
  const update = useUpdateNickname();
  const trimmed = nickname.trim();
  if (!editing) {
    return (
      <h1 id="profile-title" className="page__title profile__greeting">
        こんにちは、{displayName(user)} さん
        <button
          type="button"
          className="icon-button"
          aria-label="ニックネームを編集"
          onClick={() => setEditing(true)}
        >
          <Pencil size={18} aria-hidden />
        </button>
      </h1>
    );
  }
  return (
    <form
      className="profile__nickname"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || trimmed.length > LIMITS.nicknameMaxLength) return;
        update.mutate(trimmed, {
          onSuccess: () => {
            toast({ title: 'ニックネームを変更しました', variant: 'success' });
            setEditing(false);
          },
          onError: (error) =>
            toast({
              title: 'エラー',
              description: errorMessage(error, 'ニックネームの変更に失敗しました'),
              variant: 'destructive',
            }),
        });
      }}
    >
      <h1 id="profile-title" className="visually-hidden">
        マイページ
      </h1>
      <label className="visually-hidden" htmlFor="nickname-inline">
        ニックネーム
      </label>
      <input
        id="nickname-inline"
        className="field__input"
        value={nickname}
        maxLength={LIMITS.nicknameMaxLength + 10}
        onChange={(event) => setNickname(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary button--small"
        disabled={
          !trimmed ||
          trimmed === user.nickname ||
          trimmed.length > LIMITS.nicknameMaxLength ||
          update.isPending
        }
      >
        保存
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setNickname(user.nickname);
          setEditing(false);
        }}
      >
        キャンセル
      </button>
      {!trimmed && (
        <p className="field__error" role="alert">
          {ACCOUNT_MESSAGES.nicknameRequired}
        </p>
      )}
    </form>
  );
}
