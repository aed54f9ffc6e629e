import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useState } from 'react';
import { Eye, EyeOff, History, ShieldAlert, Trash2, X } from 'lucide-react';
import { REPORT_REASON_LABELS, type QuizDetail } from '@shared/quizzes';
import { toast } from '@web/components/toast/toast-store';
import { useRequireUser } from '@web/features/auth/use-require-user';
import { errorMessage } from '@web/lib/api-client';
import {
  getAdminQuiz,
  getEditHistory,
  useAdminAction,
  useAdminReports,
  useFlaggedQuizzes,
  useReportedUsers,
  type EditHistoryEntry,
  type ReportedUser,
  type AdminAction,
} from '../api/admin';

const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as keyof typeof REPORT_REASON_LABELS] ?? reason;
const formatDate = (iso: string) => new Date(iso).toLocaleString('ja-JP');

/** '/admin': flagged quizzes, all reports, reported users. Only administrators see any of it. */
export function AdminPage() {
  const current = useRequireUser();
  if (!current.data) return <div className="page-loading" role="status" aria-label="読み込み中" />;
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
  const [detail, setDetail] = useState<{ kind: 'quiz' | 'history'; id: string; title: string } | null>(null);
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
        </Tabs.List>
        <Tabs.Content value="flagged">
          <FlaggedTab onOpen={setDetail} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="users">
          <UsersTab />
        </Tabs.Content>
      </Tabs.Root>
      {detail && <DetailDialog {...detail} onClose={closeDetail} />}
    </section>
  );
}

function FlaggedTab({
  onOpen,
}: {
  onOpen: (target: { kind: 'quiz' | 'history'; id: string; title: string }) => void;
}) {
  const flagged = useFlaggedQuizzes(true);
  const action = useAdminAction();
  const run = (call: AdminAction, failure: string, success: string) =>
    action.mutate(call, {
      onSuccess: () => toast({ title: success, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'エラー', description: errorMessage(error, failure), variant: 'destructive' }),
    });
  if (flagged.isPending) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  if (flagged.isError) return <p className="state state--error">通報されたクイズの取得に失敗しました。</p>;
  if (!flagged.data.length) return <p className="state">通報されたクイズはありません。</p>;
  return (
    <ul className="admin-list">
      {flagged.data.map((quiz) => (
        <li key={quiz.id} className="card admin-card">
          <div className="admin-card__head">
            <div>
              <h2 className="admin-card__title">
                {quiz.title} {quiz.isHidden && <span className="pill pill--danger">非表示</span>}
              </h2>
              <p className="admin-card__meta">
                作成者: {quiz.authorName} ・ 報告 {quiz.reportCount}件
              </p>
            </div>
            <div className="admin-card__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onOpen({ kind: 'quiz', id: quiz.id, title: quiz.title })}
              >
                <Eye size={15} aria-hidden /> 詳細
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onOpen({ kind: 'history', id: quiz.id, title: quiz.title })}
              >
                <History size={15} aria-hidden /> 編集履歴
              </button>
              {quiz.isHidden ? (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={action.isPending}
                  onClick={() =>
                    run(
                      { kind: 'restore', id: quiz.id },
                      'クイズの再表示に失敗しました',
                      'クイズを再表示しました',
                    )
                  }
                >
                  <Eye size={15} aria-hidden /> 再表示
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={action.isPending}
                  onClick={() =>
                    run(
                      { kind: 'hide', id: quiz.id },
                      'クイズの非表示に失敗しました',
                      'クイズを非表示にしました',
                    )
                  }
                >
                  <EyeOff size={15} aria-hidden /> 非表示にする
                </button>
              )}
            </div>
          </div>
          <ul className="report-list">
            {quiz.reports.map((report) => (
              <li key={report.id} className="report-list__item admin-report">
                <div>
                  <strong>{reasonLabel(report.reason)}</strong>
                  <p>{report.details || '詳細なし'}</p>
                  <time dateTime={report.reportedAt}>{formatDate(report.reportedAt)}</time>
                </div>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="この報告を削除"
                  onClick={() =>
                    run(
                      { kind: 'deleteReport', id: report.id },
                      '報告の削除に失敗しました',
                      '報告を削除しました',
                    )
                  }
                >
                  <Trash2 size={16} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function ReportsTab() {
  const reports = useAdminReports(true);
  const action = useAdminAction();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  if (reports.isPending) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  if (reports.isError) return <p className="state state--error">報告の取得に失敗しました。</p>;
  if (!reports.data.length) return <p className="state">報告はありません。</p>;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  return (
    <div>
      <div className="toolbar">
        <label className="radio">
          <input
            type="checkbox"
            checked={selected.size === reports.data.length}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(reports.data.map((report) => report.id)) : new Set())
            }
          />
          すべて選択
        </label>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={selected.size === 0 || action.isPending}
          onClick={() =>
            action.mutate(
              { kind: 'deleteReports', body: { reportIds: [...selected] } },
              {
                onSuccess: () => {
                  toast({ title: `${selected.size}件の報告を削除しました`, variant: 'success' });
                  setSelected(new Set());
                },
                onError: (error) =>
                  toast({
                    title: 'エラー',
                    description: errorMessage(error, '報告の一括削除に失敗しました'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <Trash2 size={15} aria-hidden /> 選択した報告を削除（{selected.size}）
        </button>
      </div>
      <ul className="admin-list">
        {reports.data.map((report) => (
          <li key={report.id} className="card admin-report-row">
            <input
              type="checkbox"
              aria-label={`「${report.quiz.title}」への報告を選択`}
              checked={selected.has(report.id)}
              onChange={() => toggle(report.id)}
            />
            <div className="admin-report-row__body">
              <p>
                <strong>{reasonLabel(report.reason)}</strong> ・ {report.quiz.title}{' '}
                {report.quiz.isHidden && <span className="pill pill--danger">非表示</span>}
              </p>
              <p className="admin-card__meta">
                報告者: {report.reportedByUser.nickname || report.reportedByUser.username}（報告{' '}
                {report.reportedByUser.reports}件）・ 作成者: {report.quiz.authorName} ・{' '}
                {formatDate(report.reportedAt)}
              </p>
              {report.details && <p>{report.details}</p>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UsersTab() {
  const users = useReportedUsers(true);
  if (users.isPending) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  if (users.isError) return <p className="state state--error">報告されたユーザーの取得に失敗しました。</p>;
  if (!users.data.length) return <p className="state">報告されたユーザーはいません。</p>;
  return (
    <ul className="admin-list">
      {users.data.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </ul>
  );
}

function UserRow({ user }: { user: ReportedUser }) {
  const action = useAdminAction();
  const [minutes, setMinutes] = useState('60');
  const stopped = user.penalties.some((penalty) => penalty.active);
  const ban = (body: { type: 'ban' | 'suspension'; minutes?: number }) =>
    action.mutate(
      { kind: 'ban', body: { userId: user.id, ...body } },
      {
        onSuccess: () => toast({ title: 'ユーザーを停止しました', variant: 'success' }),
        onError: (error) =>
          toast({
            title: 'エラー',
            description: errorMessage(error, 'BANに失敗しました'),
            variant: 'destructive',
          }),
      },
    );
  const customMinutes = Number(minutes);
  return (
    <li className="card admin-card">
      <div className="admin-card__head">
        <div>
          <h2 className="admin-card__title">
            {user.nickname || user.username} <span className="admin-card__meta">@{user.username}</span>{' '}
            {stopped && <span className="pill pill--danger">停止中</span>}
          </h2>
          <p className="admin-card__meta">
            報告されたクイズ {user.reportedQuizCount}件 ・ 報告 {user.reportCount}件
            {user.penalties.length > 0 && ` ・ ペナルティ履歴 ${user.penalties.length}件`}
          </p>
        </div>
        {user.role !== 'admin' && (
          <div className="admin-card__actions">
            {stopped ? (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={action.isPending}
                onClick={() =>
                  action.mutate(
                    { kind: 'unban', body: { userId: user.id } },
                    {
                      onSuccess: () => toast({ title: '停止を解除しました', variant: 'success' }),
                      onError: (error) =>
                        toast({
                          title: 'エラー',
                          description: errorMessage(error, 'BAN解除に失敗しました'),
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              >
                停止を解除
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={action.isPending}
                  onClick={() => ban({ type: 'suspension', minutes: 10 })}
                >
                  10分停止
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={action.isPending}
                  onClick={() => ban({ type: 'suspension', minutes: 1440 })}
                >
                  1日停止
                </button>
                <label className="admin-minutes">
                  <span className="visually-hidden">停止する分数</span>
                  <input
                    type="number"
                    min={1}
                    className="field__input"
                    value={minutes}
                    onChange={(event) => setMinutes(event.target.value)}
                    aria-label="停止する分数"
                  />
                </label>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={action.isPending || !Number.isInteger(customMinutes) || customMinutes < 1}
                  onClick={() => ban({ type: 'suspension', minutes: customMinutes })}
                >
                  分数を指定して停止
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  disabled={action.isPending}
                  onClick={() => ban({ type: 'ban' })}
                >
                  永久BAN
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function DetailDialog(props: { kind: 'quiz' | 'history'; id: string; title: string; onClose: () => void }) {
  const [quiz, setQuiz] = useState<QuizDetail | null>(null);
  const [history, setHistory] = useState<EditHistoryEntry[] | null>(null);
  const { kind, id, onClose } = props;
  useEffect(() => {
    let cancelled = false;
    const fail = (message: string) => () => {
      if (cancelled) return;
      toast({ title: 'エラー', description: message, variant: 'destructive' });
      onClose();
    };
    if (kind === 'quiz')
      getAdminQuiz(id).then(
        (found) => !cancelled && setQuiz(found),
        fail('クイズ詳細の取得に失敗しました。'),
      );
    else
      getEditHistory(id).then(
        (found) => !cancelled && setHistory(found),
        fail('編集履歴の取得に失敗しました。'),
      );
    return () => {
      cancelled = true;
    };
  }, [kind, id, onClose]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">
              {props.kind === 'quiz' ? 'クイズ詳細' : '編集履歴（非表示期間中）'}: {props.title}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          {props.kind === 'quiz' ? (
            quiz ? (
              <ol className="admin-questions">
                {quiz.questions.map((question) => (
                  <li key={question.id}>
                    <p className="mistakes__question">{question.questionText}</p>
                    <p>
                      {(['A', 'B', 'C', 'D'] as const)
                        .filter((letter) => question[`option${letter}`])
                        .map((letter) => `${letter}: ${question[`option${letter}`]}`)
                        .join(' ／ ')}
                    </p>
                    <p className="mistakes__correct">正解: {question.correctAnswer}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <div className="page-loading" role="status" aria-label="読み込み中" />
            )
          ) : history === null ? (
            <div className="page-loading" role="status" aria-label="読み込み中" />
          ) : history.length === 0 ? (
            <p className="state">非表示期間中の編集履歴はありません。</p>
          ) : (
            <ul className="admin-list">
              {history.map((entry) => (
                <li key={entry.id} className="admin-history">
                  <p className="admin-card__meta">
                    {formatDate(entry.editedAt)} ・ {entry.editorNickname || entry.editorUsername} ・{' '}
                    {entry.reason}
                  </p>
                  <table className="diff">
                    <thead>
                      <tr>
                        <th scope="col">項目</th>
                        <th scope="col">変更前</th>
                        <th scope="col">変更後</th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.keys(entry.changes.quiz.after)
                        .filter(
                          (key) =>
                            JSON.stringify(entry.changes.quiz.before[key]) !==
                            JSON.stringify(entry.changes.quiz.after[key]),
                        )
                        .map((key) => (
                          <tr key={key}>
                            <th scope="row">{key}</th>
                            <td className="diff__before">{String(entry.changes.quiz.before[key] ?? '')}</td>
                            <td className="diff__after">{String(entry.changes.quiz.after[key] ?? '')}</td>
                          </tr>
                        ))}
                      {Array.from(
                        {
                          length: Math.max(
                            entry.changes.questions.before.length,
                            entry.changes.questions.after.length,
                          ),
                        },
                        (_, index) => (
                          <tr key={`q${index}`}>
                            <th scope="row">問題</th>
                            <td className="diff__before">
                              {String(entry.changes.questions.before[index]?.questionText ?? '（なし）')}
                            </td>
                            <td className="diff__after">
                              {String(entry.changes.questions.after[index]?.questionText ?? '（削除）')}
                            </td>
                          </tr>
                        ),
                      )}
                    </tbody>
                  </table>
                </li>
              ))}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
