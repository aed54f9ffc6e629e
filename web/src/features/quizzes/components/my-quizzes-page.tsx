import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import {
  AlertTriangle,
  Eye,
  Heart,
  Pencil,
  PenLine,
  Plus,
  Search,
  Shuffle,
  Sparkles,
  Trash2,
  X,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { REPORT_REASON_LABELS, type QuizSummary } from '@shared/quizzes';
import type { CurrentUser } from '@shared/users';
import { toast } from '@web/components/toast/toast-store';
import { paths } from '@web/config/paths';
import { AiGenerationTab } from '@web/features/ai/components/ai-generation-tab';
import { useAiGeneration } from '@web/features/ai/use-ai-generation';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { ApiError, errorMessage } from '@web/lib/api-client';
import {
  useCreateQuiz,
  useDeleteQuiz,
  useFavorites,
  useMyQuizDetail,
  useMyQuizzes,
  useQuizReports,
  useToggleFavorite,
  useUpdateQuiz,
} from '../api/quizzes';
import { CategoryBadge, DifficultyBadge } from './quiz-badges';
import { generatedQuizFormValues, QuizForm, quizFormValues, type QuizFormValues } from './quiz-form';

/** '/my-quizzes': the author's quizzes, creation, editing, deletion, reports, and favourites. */
export function MyQuizzesPage() {
  const current = useCurrentUser();
  if (current.isPending) return <div className="page-loading" role="status" aria-label="読み込み中" />;
  if (!current.data) {
    return (
      <section className="container auth">
        <div className="card status-card">
          <h1 className="status-card__title">ログインが必要です</h1>
          <p className="status-card__body">マイクイズを使うにはログインしてください。</p>
          <Link to={paths.login} className="button button--primary">
            ログインする
          </Link>
        </div>
      </section>
    );
  }
  return <MyQuizzes user={current.data} />;
}

function quotaText(user: CurrentUser, used: number) {
  const limit = user.isPro ? LIMITS.quizzesPro : LIMITS.quizzesFree;
  const plan = user.isPro ? 'アドバンスド会員' : '無料会員';
  if (used >= limit) {
    return user.isPro
      ? 'アドバンスド会員の上限（100件）に達しました'
      : '作成上限（3件）に達しました。アドバンスド会員なら100件まで作成可能です';
  }
  return `残り${limit - used}件作成可能（${plan}: ${used}/${limit}件）`;
}

function MyQuizzes({ user }: { user: CurrentUser }) {
  const quizzes = useMyQuizzes();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<QuizSummary | null>(null);
  const [deleting, setDeleting] = useState<QuizSummary | null>(null);
  const [reportsOf, setReportsOf] = useState<QuizSummary | null>(null);
  const [filter, setFilter] = useState('');
  const term = filter.trim().normalize('NFKC').toLowerCase();
  const visible = (quizzes.data ?? []).filter((quiz) =>
    `${quiz.title}\n${quiz.description}\n${quiz.category}\n${quiz.difficulty}`
      .normalize('NFKC')
      .toLowerCase()
      .includes(term),
  );

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
            placeholder="タイトル・説明・カテゴリ・難易度で絞り込み"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
      )}
      {quizzes.isPending ? (
        <div className="page-loading" role="status" aria-label="読み込み中" />
      ) : quizzes.isError ? (
        <div className="state state--error" role="alert">
          <p>クイズの読み込みに失敗しました。</p>
        </div>
      ) : quizzes.data.length === 0 ? (
        <div className="state">
          <p>まだクイズがありません。最初のクイズを作ってみましょう！</p>
        </div>
      ) : visible.length === 0 ? (
        <p className="state">検索に一致するクイズがありません。</p>
      ) : (
        <ul className="quiz-grid">
          {visible.map((quiz) => (
            <li key={quiz.id}>
              <article className="quiz-card" aria-labelledby={`mine-${quiz.id}`}>
                <div className="quiz-card__badges">
                  <CategoryBadge category={quiz.category} />
                  <DifficultyBadge difficulty={quiz.difficulty} />
                  {quiz.isHidden && <span className="pill pill--danger">非表示</span>}
                  {!quiz.isPublished && <span className="pill">非公開</span>}
                </div>
                <h3 id={`mine-${quiz.id}`} className="quiz-card__title">
                  {quiz.title}
                </h3>
                <p className="quiz-card__description">{quiz.description || '説明なし'}</p>
                <dl className="quiz-card__stats">
                  <div>
                    <dt>問題数</dt>
                    <dd>{quiz.questionCount}問</dd>
                  </div>
                  <div>
                    <dt>参加者</dt>
                    <dd>{quiz.participantCount}人</dd>
                  </div>
                  <div>
                    <dt>平均評価</dt>
                    <dd>{quiz.averageRating.toFixed(1)}</dd>
                  </div>
                </dl>
                {quiz.reportCount > 0 && (
                  <button type="button" className="report-warning" onClick={() => setReportsOf(quiz)}>
                    <AlertTriangle size={16} aria-hidden />
                    {quiz.reportCount}件の報告があります（内容を見る）
                  </button>
                )}
                <div className="quiz-card__play">
                  <Link to={paths.quiz(quiz.id)} className="button button--secondary button--small">
                    <Eye size={15} aria-hidden />
                    プレビュー
                  </Link>
                  <Link
                    to={paths.quiz(quiz.id, { random: true })}
                    className="button button--secondary button--small"
                  >
                    <Shuffle size={15} aria-hidden />
                    ランダム順で開始
                  </Link>
                </div>
                <div className="quiz-card__play">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setEditing(quiz)}
                  >
                    <Pencil size={15} aria-hidden />
                    編集
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => setDeleting(quiz)}
                  >
                    <Trash2 size={15} aria-hidden />
                    削除
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <FavoritesSection />
      <CreateQuizDialog
        user={user}
        used={quizzes.data?.length ?? 0}
        open={creating}
        onOpenChange={setCreating}
      />
      {editing && <EditQuizDialog quiz={editing} isPro={user.isPro} onClose={() => setEditing(null)} />}
      <DeleteQuizDialog quiz={deleting} onClose={() => setDeleting(null)} />
      <ReportsDialog quiz={reportsOf} onClose={() => setReportsOf(null)} />
    </section>
  );
}

type CreateTab = 'manual' | 'ai';

/**
 * The creation dialog: the quota card, then two tabs, manual (default) and AI. The AI state lives
 * here, so a generated quiz is held across tab switches and closing until it is loaded into the
 * form or discarded; loading remounts the form with the generated values on the manual tab.
 */
function CreateQuizDialog(props: {
  user: CurrentUser;
  used: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateQuiz();
  const [tab, setTab] = useState<CreateTab>('manual');
  const [form, setForm] = useState(() => ({ key: 0, initial: quizFormValues(), loaded: false }));
  const ai = useAiGeneration(props.user.id);
  const limit = props.user.isPro ? LIMITS.quizzesPro : LIMITS.quizzesFree;
  const resetForm = (initial: QuizFormValues, loaded: boolean) =>
    setForm((current) => ({ key: current.key + 1, initial, loaded }));
  /** Closing returns to the manual tab (the default) unless a generated quiz is waiting on the AI tab. */
  const onOpenChange = (open: boolean) => {
    if (!open && !ai.result) setTab('manual');
    props.onOpenChange(open);
  };
  return (
    <Dialog.Root open={props.open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">新しいクイズを作成</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <p className={`quota-card${props.used >= limit ? ' is-full' : ''}`} role="status">
            {quotaText(props.user, props.used)}
          </p>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as CreateTab)} className="tabs">
            <Tabs.List className="tabs__list" aria-label="作成方法">
              <Tabs.Trigger value="manual" className="tabs__trigger">
                <PenLine size={16} aria-hidden />
                手動で作成
              </Tabs.Trigger>
              <Tabs.Trigger value="ai" className="tabs__trigger">
                <Sparkles size={16} aria-hidden />
                AIで生成
                {ai.result && (
                  <>
                    <span className="tabs__dot" aria-hidden />
                    <span className="visually-hidden">（生成結果あり）</span>
                  </>
                )}
              </Tabs.Trigger>
            </Tabs.List>
            {/* The form stays mounted (hidden) so what was typed survives a look at the AI tab. */}
            <Tabs.Content value="manual" forceMount hidden={tab !== 'manual'} className="tabs__panel">
              <QuizForm
                key={form.key}
                mode="create"
                initial={form.initial}
                focusTitle={form.loaded}
                isPro={props.user.isPro}
                pending={create.isPending}
                onCancel={() => onOpenChange(false)}
                onSubmit={(values) =>
                  create.mutate(values, {
                    onSuccess: () => {
                      toast({
                        title: 'クイズを作成しました',
                        description: values.quiz.title,
                        variant: 'success',
                      });
                      resetForm(quizFormValues(), false);
                      onOpenChange(false);
                    },
                    onError: (error) => {
                      const message = errorMessage(error, 'クイズの作成に失敗しました');
                      if (error instanceof ApiError && error.reason === 'quiz_quota')
                        toast({
                          title: '作成上限に達しました',
                          description: message,
                          variant: 'destructive',
                        });
                      else toast({ title: 'エラー', description: message, variant: 'destructive' });
                    },
                  })
                }
              />
            </Tabs.Content>
            <Tabs.Content value="ai" className="tabs__panel">
              <AiGenerationTab
                userId={props.user.id}
                ai={ai}
                onLoad={(result) => {
                  resetForm(generatedQuizFormValues(result.quiz, result.settings), true);
                  ai.clearResult();
                  setTab('manual');
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EditQuizDialog({
  quiz,
  isPro,
  onClose,
}: {
  quiz: QuizSummary;
  isPro: boolean;
  onClose: () => void;
}) {
  const detail = useMyQuizDetail(quiz.id);
  const update = useUpdateQuiz();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">クイズを編集</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          {detail.isPending ? (
            <div className="page-loading" role="status" aria-label="読み込み中" />
          ) : detail.isError ? (
            <p className="state state--error">クイズの読み込みに失敗しました。</p>
          ) : (
            <QuizForm
              mode="edit"
              initial={quizFormValues(detail.data)}
              isPro={isPro}
              isHidden={detail.data.isHidden}
              pending={update.isPending}
              onCancel={onClose}
              onSubmit={(values) =>
                update.mutate(
                  { id: quiz.id, input: values as never },
                  {
                    onSuccess: () => {
                      toast({ title: 'クイズを更新しました', variant: 'success' });
                      onClose();
                    },
                    onError: (error) =>
                      toast({
                        title: 'エラー',
                        description: errorMessage(error, 'クイズの更新に失敗しました。'),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeleteQuizDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const remove = useDeleteQuiz();
  return (
    <Dialog.Root open={Boolean(quiz)} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--small" role="alertdialog">
          <Dialog.Title className="dialog__title">クイズを削除しますか？</Dialog.Title>
          <Dialog.Description className="setting__text">
            「{quiz?.title}
            」を削除します。この操作は取り消せません。問題、お気に入り、報告など、関連するデータもすべて削除されます。
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close className="button button--secondary">キャンセル</Dialog.Close>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() =>
                quiz &&
                remove.mutate(quiz.id, {
                  onSuccess: () => {
                    toast({ title: 'クイズを削除しました', variant: 'success' });
                    onClose();
                  },
                  onError: (error) =>
                    toast({
                      title: 'エラー',
                      description: errorMessage(error, 'クイズの削除に失敗しました。'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {remove.isPending ? '削除中...' : '削除する'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportsDialog({ quiz, onClose }: { quiz: QuizSummary | null; onClose: () => void }) {
  const reports = useQuizReports(quiz?.id ?? null);
  return (
    <Dialog.Root open={Boolean(quiz)} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">「{quiz?.title}」への報告</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="閉じる">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          {reports.isPending ? (
            <div className="page-loading" role="status" aria-label="読み込み中" />
          ) : reports.data?.length ? (
            <ul className="report-list">
              {reports.data.map((report) => (
                <li key={report.id} className="report-list__item">
                  <strong>
                    {REPORT_REASON_LABELS[report.reason as keyof typeof REPORT_REASON_LABELS] ??
                      report.reason}
                  </strong>
                  <p>{report.details || '詳細なし'}</p>
                  <time dateTime={report.reportedAt}>
                    {new Date(report.reportedAt).toLocaleString('ja-JP')}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="state">報告はありません</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FavoritesSection() {
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  return (
    <section className="section my-favorites" aria-labelledby="favorites-title">
      <h2 id="favorites-title" className="section__title">
        <Heart size={20} aria-hidden /> お気に入り
      </h2>
      {favorites.isPending ? (
        <div className="page-loading" role="status" aria-label="読み込み中" />
      ) : !favorites.data?.length ? (
        <p className="state">お気に入りのクイズはまだありません。</p>
      ) : (
        <ul className="favorite-list">
          {favorites.data.map((quiz) => (
            <li key={quiz.id} className="favorite-list__item">
              <div>
                <p className="favorite-list__title">{quiz.title}</p>
                <p className="favorite-list__meta">
                  {quiz.category} ・ {quiz.difficulty} ・ {quiz.questionCount}問
                </p>
              </div>
              <div className="favorite-list__actions">
                <Link to={paths.quiz(quiz.id)} className="button button--secondary button--small">
                  プレビュー
                </Link>
                <Link
                  to={paths.quiz(quiz.id, { random: true })}
                  className="button button--secondary button--small"
                >
                  ランダム順で開始
                </Link>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() =>
                    toggle.mutate(
                      { id: quiz.id, favorite: false },
                      {
                        onError: (error) =>
                          toast({
                            title: 'エラー',
                            description: errorMessage(error, 'お気に入り解除に失敗しました。'),
                            variant: 'destructive',
                          }),
                      },
                    )
                  }
                >
                  お気に入り解除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
