import { Spinner } from '@web/components/ui/spinner';
import { useReportedUsers } from '../api/get-reported-users';
import { ReportedUserRow } from './reported-user-row';

/** 報告されたユーザー: authors of reported quizzes, with their penalties and the means to stop them. */
export function ReportedUsersTab() {
  const users = useReportedUsers(true);
  if (users.isPending) return <Spinner />;
  if (users.isError) return <p className="state state--error">報告されたユーザーの取得に失敗しました。</p>;
  if (!users.data.length) return <p className="state">報告されたユーザーはいません。</p>;
  return (
    <ul className="admin-list">
      {users.data.map((user) => (
        <ReportedUserRow key={user.id} user={user} />
      ))}
    </ul>
  );
}
