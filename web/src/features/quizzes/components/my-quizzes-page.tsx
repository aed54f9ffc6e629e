import { lazy, Suspense, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import type { QuizSummary } from '@shared/quiz-schemas';
import type { CurrentUser } from '@shared/users';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { useMyQuizzes } from '@web/lib/api/get-my-quizzes';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useDuplicateQuiz } from '../api/duplicate-quiz';
import { FavoritesSection } from './favorites-section';
import { MyQuizCard } from './my-quiz-card';
import '../quizzes.css';
import { usePageTitle } from '@web/lib/page-title';
import { useOpenedOnce } from '@web/lib/use-opened-once';
import { LoginRequired } from '@web/components/login-required';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';
import { paths } from '@web/config/paths';
import { useSessionEnded } from '@web/lib/auth/use-session-ended';

// The dialogs (the quiz form, its checks, the AI client) load when one is first opened: the list
// does not wait for them.
const CreateQuizDialog = lazy(async () => ({
  default: (await import('./create-quiz-dialog')).CreateQuizDialog,
}));
const EditQuizDialog = lazy(async () => ({ default: (await import('./edit-quiz-dialog')).EditQuizDialog }));
const DeleteQuizDialog = lazy(async () => ({
  default: (await import('./delete-quiz-dialog')).DeleteQuizDialog,
}));
const QuizReportsDialog = lazy(async () => ({
  default: (await import('./quiz-reports-dialog')).QuizReportsDialog,
}));

/** '/my-quizzes': the author's quizzes, creation, editing, deletion, reports, and favourites. */
export function MyQuizzesPage() {
  usePageTitle('マイクイズ');
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>マイクイズを使うにはログインしてください。</LoginRequired>;
  return <MyQuizzes user={current.data} />;
}

/** Whether a quiz matches the filter box: title, description, category or difficulty, width-folded. */
const matches = (quiz: QuizSummary, term: string) =>
  `${quiz.title}\n${quiz.description}\n${quiz.category}\n${quiz.difficulty}`
    .normalize('NFKC')
    .toLowerCase()
    .includes(term);

function MyQuizzes({ user }: { user: CurrentUser }) {
  const quizzes = useMyQuizzes();
  const sessionEnded = useSessionEnded([quizzes.error], paths.myQuizzes);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<QuizSummary | null>(null);
  const [deleting, setDeleting] = useState<QuizSummary | null>(null);
  const [reportsOf, setReportsOf] = useState<QuizSummary | null>(null);
  const [filter, setFilter] = useState('');
  const duplicate = useDuplicateQuiz();
  const duplicateQuiz = (quiz: QuizSummary) =>
    duplicate.mutate(quiz.id, {
      onSuccess: (copy) => toast({ title: `「${copy.title}」を作成しました`, variant: 'success' }),
      onError: (error) => toastError(error, 'クイズの複製に失敗しました。'),
    });
  const createMounted = useOpenedOnce(creating);
  const deleteMounted = useOpenedOnce(deleting !== null);
  const reportsMounted = useOpenedOnce(reportsOf !== null);
  const term = filter.trim().normalize('NFKC').toLowerCase();
  const visible = (quizzes.data ?? []).filter((quiz) => matches(quiz, term));

  return (
    <section className="container page" aria-labelledby="my-quizzes-title">
      <div className="page__header">
        <h1 id="my-quizzes-title" className="page__title">
          マイクイズ
        </h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          <Plus size={18} aria-hidden />
          クイズを作成
        </button>
      </div>
      {quizzes.data && quizzes.data.length > 0 && (
        <label className="filters__search my-quizzes__search">
          <Search size={18} aria-hidden />
          <span className="visually-hidden">マイクイズを検索</span>
          <input
            type="search"
            placeholder="キーワードで絞り込み"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
      )}
      {quizzes.isPending ? (
        <Spinner />
      ) : quizzes.isError ? (
        sessionEnded ? (
          <Spinner />
        ) : (
          <div className="state state--error" role="alert">
            <p>クイズの読み込みに失敗しました。</p>
            <button type="button" className="button button--secondary" onClick={() => void quizzes.refetch()}>
              再読み込み
            </button>
          </div>
        )
      ) : quizzes.data.length === 0 ? (
        <div className="state">
          <p>まだクイズがありません。最初のクイズを作ってみましょう！</p>
        </div>
      ) : visible.length === 0 ? (
        <p className="state">検索に一致するクイズがありません。</p>
      ) : (
        <ul className="quiz-grid my-quizzes__grid">
          {visible.map((quiz) => (
            <li key={quiz.id}>
              <MyQuizCard
                quiz={quiz}
                onShowReports={() => setReportsOf(quiz)}
                onEdit={() => setEditing(quiz)}
                onDelete={() => setDeleting(quiz)}
                onDuplicate={() => duplicateQuiz(quiz)}
                duplicating={duplicate.isPending && duplicate.variables === quiz.id}
              />
            </li>
          ))}
        </ul>
      )}
      {/* Below the list once it is there: the list's height would otherwise push it down. */}
      {!quizzes.isPending && <FavoritesSection />}
      <Suspense fallback={null}>
        {createMounted && (
          <CreateQuizDialog
            user={user}
            used={quizzes.data?.length ?? 0}
            open={creating}
            onOpenChange={setCreating}
          />
        )}
        {editing && <EditQuizDialog quiz={editing} isPro={user.isPro} onClose={() => setEditing(null)} />}
        {deleteMounted && <DeleteQuizDialog quiz={deleting} onClose={() => setDeleting(null)} />}
        {reportsMounted && <QuizReportsDialog quiz={reportsOf} onClose={() => setReportsOf(null)} />}
      </Suspense>
    </section>
  );
}
