import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { GraduationCap } from 'lucide-react';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  type SavedQuestionSet,
  type StudyQuestion,
} from '@shared/focused-study';
import type { CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Spinner } from '@web/components/ui/spinner';
import { useAiUsage } from '@web/features/ai/api/ai';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import {
  useLatestSession,
  useMaterials,
  useReviewQueue,
  useSavedSets,
  useStartSavedSession,
  useStartSession,
  useStudySettings,
} from '../api/focused-study';
import { useStudySession } from '../use-study-session';
import { MaterialsTab } from './materials-tab';
import { ResultsPanel } from './results-panel';
import { SaveSetDialog } from './save-set-dialog';
import { SavedSetsTab } from './saved-sets-tab';
import { SessionPanel } from './session-panel';
import { SettingsTab } from './settings-tab';
import { StudyTab } from './study-tab';
import { UpgradePrompt } from './upgrade-prompt';
import '../focused-study.css';
import { LoginRequired } from '@web/features/auth/components/login-required';

/** '/focused-study' (§2): a login-needed message for guests, the upgrade prompt for members who are not advanced. */
export function FocusedStudyPage() {
  const current = useCurrentUser();
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>集中学習を使うにはログインしてください。</LoginRequired>;
  if (!current.data.isPro) return <UpgradePrompt />;
  return <FocusedStudy user={current.data} />;
}

type Tab = 'settings' | 'materials' | 'study' | 'sets';

/** The four tabs; while a session runs, its panel, and after it, the results panel. */
function FocusedStudy({ user }: { user: CurrentUser }) {
  const materials = useMaterials(user.id);
  const settings = useStudySettings(user.id);
  const latest = useLatestSession(user.id);
  const savedSets = useSavedSets(user.id);
  const reviews = useReviewQueue(user.id);
  const usage = useAiUsage(user.id);
  const study = useStudySession(user.id);
  const start = useStartSession(user.id);
  const startSaved = useStartSavedSession(user.id);
  const [tab, setTab] = useState<Tab>('study');
  const [saving, setSaving] = useState<StudyQuestion[] | null>(null);
  const [starting, setStarting] = useState<'start' | 'review' | 'new' | null>(null);

  const begin = (kind: 'start' | 'new' | 'review') => {
    setStarting(kind);
    start.mutate(
      { kind },
      {
        onSuccess: study.begin,
        onError: (error) =>
          toastError(
            error,
            kind === 'new'
              ? FOCUSED_STUDY_MESSAGES.generateFailed
              : kind === 'review'
                ? FOCUSED_STUDY_MESSAGES.reviewFailed
                : FOCUSED_STUDY_MESSAGES.startFailed,
          ),
        onSettled: () => setStarting(null),
      },
    );
  };
  const play = (set: SavedQuestionSet) =>
    startSaved.mutate(set.id, {
      onSuccess: study.begin,
      onError: (error) => toastError(error, FOCUSED_STUDY_MESSAGES.startSavedFailed),
    });

  const { state } = study;
  let body;
  if (materials.isPending || settings.isPending || savedSets.isPending) body = <Spinner />;
  else if (materials.isError || settings.isError || savedSets.isError)
    body = (
      <div className="state state--error" role="alert">
        <p>集中学習のデータを読み込めませんでした。ページを再読み込みしてください。</p>
      </div>
    );
  else if (state.view === 'answering') body = <SessionPanel study={study} state={state} />;
  else if (state.view === 'result')
    body = (
      <ResultsPanel
        result={state.result}
        onRetry={() => study.retry(state.result.questions)}
        onNewQuestions={() => begin('new')}
        generating={starting === 'new'}
        onSave={() => {
          // The limit is the server's rule; saying it before the dialog spares filling it in for nothing.
          if (savedSets.data && savedSets.data.length >= FOCUSED_STUDY.savedSetsMax)
            toast({ title: FOCUSED_STUDY_MESSAGES.savedSetLimit, variant: 'destructive' });
          else setSaving(state.result.questions);
        }}
        onClose={study.close}
      />
    );
  else
    body = (
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="tabs">
        <Tabs.List className="tabs__list study-tabs" aria-label="集中学習メニュー">
          <Tabs.Trigger value="settings" className="tabs__trigger">
            設定
          </Tabs.Trigger>
          <Tabs.Trigger value="materials" className="tabs__trigger">
            教材<span className="study-tabs__count">{materials.data.length}</span>
          </Tabs.Trigger>
          <Tabs.Trigger value="study" className="tabs__trigger">
            学習
          </Tabs.Trigger>
          <Tabs.Trigger value="sets" className="tabs__trigger">
            保存セット<span className="study-tabs__count">{savedSets.data.length}</span>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="settings" className="tabs__panel">
          <SettingsTab userId={user.id} settings={settings.data} />
        </Tabs.Content>
        <Tabs.Content value="materials" className="tabs__panel">
          <MaterialsTab userId={user.id} materials={materials.data} />
        </Tabs.Content>
        <Tabs.Content value="study" className="tabs__panel">
          <StudyTab
            settings={settings.data}
            materialCount={materials.data.length}
            usage={usage}
            reviews={reviews.data}
            reviewsFailed={reviews.isError}
            latest={latest.data}
            latestFailed={latest.isError}
            starting={starting === 'start' || starting === 'review' ? starting : null}
            onStart={() => begin('start')}
            onReview={() => begin('review')}
            onRetryLatest={() => study.retry(latest.data?.questions)}
          />
        </Tabs.Content>
        <Tabs.Content value="sets" className="tabs__panel">
          <SavedSetsTab
            userId={user.id}
            sets={savedSets.data}
            startingSet={startSaved.isPending ? (startSaved.variables ?? null) : null}
            onPlay={play}
          />
        </Tabs.Content>
      </Tabs.Root>
    );

  return (
    <section className="container page study" aria-labelledby="focused-study-title">
      <div className="page__header">
        <h1 id="focused-study-title" className="page__title">
          <GraduationCap size={28} aria-hidden /> 集中学習
        </h1>
        <span className="badge badge--pro">PRO</span>
      </div>
      {body}
      {saving && (
        <SaveSetDialog
          userId={user.id}
          questions={saving}
          difficulty={settings.data?.difficulty ?? FOCUSED_STUDY.defaultDifficulty}
          onClose={() => setSaving(null)}
        />
      )}
    </section>
  );
}
