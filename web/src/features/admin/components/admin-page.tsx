import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Spinner } from '@web/components/ui/spinner';
import { useRequireUser } from '@web/lib/auth/use-require-user';
import { AdminDetailDialog, type AdminDetail } from './admin-detail-dialog';
import { AllReportsTab } from './all-reports-tab';
import { FlaggedQuizzesTab } from './flagged-quizzes-tab';
import { ReportedUsersTab } from './reported-users-tab';
import { TagsTab } from './tags-tab';
import '../admin.css';
import { usePageTitle } from '@web/lib/page-title';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';

/** '/admin': flagged quizzes, all reports, reported users, tags. Only administrators see any of it. */
export function AdminPage() {
  usePageTitle('管理');
  const current = useRequireUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (!current.data) return <Spinner />;
  if (!current.data.isAdmin) {
    return (
      <section className="container auth">
        <div className="card status-card status-card--error" role="alert">
          <h1 className="status-card__title">管理者専用のページです</h1>
          <p className="status-card__body">このページを表示する権限がありません。</p>
        </div>
      </section>
    );
  }
  return <Admin />;
}

function Admin() {
  const [detail, setDetail] = useState<AdminDetail | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);
  return (
    <section className="container page" aria-labelledby="admin-title">
      <h1 id="admin-title" className="page__title">
        <ShieldAlert size={26} aria-hidden /> 管理
      </h1>
      <Tabs.Root defaultValue="flagged" className="tabs">
        <Tabs.List className="tabs__list admin__tabs" aria-label="管理メニュー">
          <Tabs.Trigger value="flagged" className="tabs__trigger">
            通報されたクイズ
          </Tabs.Trigger>
          <Tabs.Trigger value="reports" className="tabs__trigger">
            すべての報告
          </Tabs.Trigger>
          <Tabs.Trigger value="users" className="tabs__trigger">
            報告されたユーザー
          </Tabs.Trigger>
          <Tabs.Trigger value="tags" className="tabs__trigger">
            タグ
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="flagged">
          <FlaggedQuizzesTab onOpen={setDetail} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <AllReportsTab />
        </Tabs.Content>
        <Tabs.Content value="users">
          <ReportedUsersTab />
        </Tabs.Content>
        <Tabs.Content value="tags">
          <TagsTab />
        </Tabs.Content>
      </Tabs.Root>
      {detail && <AdminDetailDialog {...detail} onClose={closeDetail} />}
    </section>
  );
}
