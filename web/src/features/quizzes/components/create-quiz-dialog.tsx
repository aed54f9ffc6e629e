import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState } from 'react';
import { FileSpreadsheet, PenLine, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import type { ImportRowError } from '@shared/spreadsheets';
import type { CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog } from '@web/components/ui/dialog';
import { AiGenerationTab } from '@web/features/quizzes/components/ai-generation-tab';
import { useAiGeneration } from '@web/features/quizzes/use-ai-generation';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useCreateQuiz } from '../api/create-quiz';
import { generatedQuizFormValues, quizFormValues, type QuizFormValues } from '../quiz-form-values';
import { importedQuizFormValues } from '../imported-quiz-values';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { ImportErrorList } from './import-error-list';
import { ImportFileTab } from './import-file-tab';
import { QuizForm } from './quiz-form';

type CreateTab = 'manual' | 'ai' | 'sheet';

/** Whether a failed creation hit the creation quota (3 free, 100 advanced): 429 with its reason token. */
function isQuotaError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429 && error.reason === 'quiz_quota';
}

/** The quota card's text: what is left, or that the limit is reached (docs/spec/core-platform.md §8). */
function quotaText(user: CurrentUser, used: number) {
  const limit = user.isPro ? LIMITS.quizzesWithMembership : LIMITS.quizzesFree;
  const plan = user.isPro ? 'アドバンスド会員' : '無料会員';
  if (used >= limit) return user.isPro ? QUIZ_MESSAGES.quotaWithMembership : QUIZ_MESSAGES.quotaFree;
  return `残り${limit - used}件作成可能（${plan}: ${used}/${limit}件）`;
}

/**
 * The creation dialog: the quota card, then three tabs, manual (default), AI, and a spreadsheet
 * file (its questions fill the form; the rows it could not read stay listed above the form). The AI state lives
 * here, so a generated quiz is held across tab switches and closing until it is loaded into the
 * form or discarded; loading remounts the form with the generated values on the manual tab.
 */
export function CreateQuizDialog(props: {
  user: CurrentUser;
  used: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateQuiz();
  const [tab, setTab] = useState<CreateTab>('manual');
  const [form, setForm] = useState(() => ({ key: 0, initial: quizFormValues(), loaded: false }));
  // The rows a spreadsheet import could not read, shown above the form it filled until dismissed.
  const [importErrors, setImportErrors] = useState<readonly ImportRowError[]>([]);
  const ai = useAiGeneration(props.user.id);
  const limit = props.user.isPro ? LIMITS.quizzesWithMembership : LIMITS.quizzesFree;
  // At the limit the form is shown but cannot be used: the reason and the way on are said first.
  const full = props.used >= limit;
  const resetForm = (initial: QuizFormValues, loaded: boolean) => {
    setImportErrors([]);
    setForm((current) => ({ key: current.key + 1, initial, loaded }));
  };
  /** Closing returns to the manual tab (the default) unless a generated quiz is waiting on the AI tab. */
  const onOpenChange = (open: boolean) => {
    if (!open && !ai.result) setTab('manual');
    props.onOpenChange(open);
  };
  // Closing throws the typed form away (a generated quiz on the AI tab is kept): ask first.
  const changed = useRef<(() => boolean) | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const requestOpenChange = (open: boolean) => {
    if (!open && changed.current?.()) return setAskDiscard(true);
    onOpenChange(open);
  };
  const discard = () => {
    setAskDiscard(false);
    resetForm(quizFormValues(), false);
    onOpenChange(false);
  };
  const submit = (values: QuizFormValues) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: 'クイズを作成しました', description: values.quiz.title, variant: 'success' });
        resetForm(quizFormValues(), false);
        onOpenChange(false);
      },
      onError: (error) =>
        toastError(
          error,
          'クイズの作成に失敗しました',
          isQuotaError(error) ? '作成上限に達しました' : 'エラー',
        ),
    });
  return (
    <Dialog open={props.open} onOpenChange={requestOpenChange} title="新しいクイズを作成" size="wide">
      <QuotaCard user={props.user} used={props.used} limit={limit} />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as CreateTab)} className="tabs">
        <Tabs.List className="tabs__list create-quiz-tabs" aria-label="作成方法">
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
          <Tabs.Trigger value="sheet" className="tabs__trigger">
            <FileSpreadsheet size={16} aria-hidden />
            ファイルから読み込む
          </Tabs.Trigger>
        </Tabs.List>
        {/* The form stays mounted (hidden) so what was typed survives a look at the AI tab. */}
        <Tabs.Content value="manual" forceMount hidden={tab !== 'manual'} className="tabs__panel">
          {importErrors.length > 0 && (
            <ImportErrorList errors={importErrors} onDismiss={() => setImportErrors([])} />
          )}
          <QuizForm
            key={form.key}
            mode="create"
            initial={form.initial}
            focusTitle={form.loaded}
            isPro={props.user.isPro}
            disabled={full}
            pending={create.isPending}
            onCancel={() => requestOpenChange(false)}
            changedRef={changed}
            onSubmit={submit}
          />
        </Tabs.Content>
        <Tabs.Content value="ai" className="tabs__panel">
          <AiGenerationTab
            userId={props.user.id}
            isPro={props.user.isPro}
            quizQuotaReached={full}
            ai={ai}
            onLoad={(result) => {
              resetForm(generatedQuizFormValues(result.quiz, result.settings), true);
              ai.clearResult();
              setTab('manual');
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="sheet" className="tabs__panel">
          <ImportFileTab
            disabled={full}
            onLoad={(questions, errors, fileName) => {
              resetForm(importedQuizFormValues(questions, fileName), true);
              setImportErrors(errors);
              setTab('manual');
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
      <DiscardChangesDialog open={askDiscard} onKeep={() => setAskDiscard(false)} onDiscard={discard} />
    </Dialog>
  );
}

/**
 * The creation quota, up front: what is left, or that the limit is reached, with the way on (the
 * membership page for free members; removing a quiz for everyone).
 */
function QuotaCard({ user, used, limit }: { user: CurrentUser; used: number; limit: number }) {
  const full = used >= limit;
  return (
    <div className={`quota-card${full ? ' is-full' : ''}`} role="status">
      <p>{quotaText(user, used)}</p>
      {full && (
        <p className="quota-card__next">
          {user.isPro ? (
            '新しく作るには、マイクイズから不要なクイズを削除してください。'
          ) : (
            <>
              <Link to={paths.membership} className="button button--upgrade button--small">
                <Sparkles size={14} aria-hidden />
                アドバンスド会員にアップグレード
              </Link>
              <span>または、不要なクイズを削除すると作成できます。</span>
            </>
          )}
        </p>
      )}
    </div>
  );
}
