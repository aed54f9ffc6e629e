import { useState } from 'react';
import { Settings } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '@shared/users';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { AccountSettingsDialog } from '@web/features/profile/components/account-settings-dialog';
import { useSessionEnded } from '@web/lib/auth/use-session-ended';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { useUserActivity } from '../api/get-user-activity';
import { useUserStats } from '../api/get-user-stats';
import { ActivityPanel } from './activity-panel';
import { LearningSummary } from './learning-summary';
import { NicknameGreeting } from './nickname-greeting';
import { RecentAttemptsPanel } from './recent-attempts-panel';
import { StatCards } from './stat-cards';
import '../profile.css';
import { usePageTitle } from '@web/lib/page-title';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/** '/profile': greeting, stats, the learning records in brief, recent activity, latest results with mistakes, account settings. */
export function ProfilePage() {
  usePageTitle('マイページ');
  const current = useRequireUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return <Spinner />;
  return <Profile user={current.data} />;
}

function Profile({ user }: { user: CurrentUser }) {
  const stats = useUserStats(true);
  const activity = useUserActivity(true);
  const signedOut = useSessionEnded([stats.error, activity.error], paths.profile);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <section className="container page" aria-labelledby="profile-title">
      <div className="page__header">
        <NicknameGreeting user={user} />
        <div className="profile__buttons">
          <Link to={paths.learning} className="button button--secondary">
            学習記録
          </Link>
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
      <StatCards stats={stats.data} pending={stats.isPending} />
      <LearningSummary userId={user.id} />
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
        <ActivityPanel activity={activity.data?.activity} pending={activity.isPending} />
        <RecentAttemptsPanel attempts={activity.data?.recentAttempts} pending={activity.isPending} />
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
