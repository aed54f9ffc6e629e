import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { GraduationCap } from 'lucide-react';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  type SavedQuestionSet,
  type StudyQuestion,
  type UnfinishedRun,
} from '@shared/focused-study';
import type { CurrentUser } from '@shared/users';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Spinner } from '@web/components/ui/spinner';
import { useAiUsage } from '@web/lib/api/get-ai-usage';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { ApiError } from '@web/lib/api-client';
import { useDiscardStudyRun } from '../api/discard-study-run';
import { useLatestStudyRun } from '../api/get-latest-study-run';
import { useMaterials } from '../api/get-materials';
import { useReviewQueue } from '../api/get-review-queue';
import { useSavedSets } from '../api/get-saved-sets';
import { useStudySettings } from '../api/get-study-settings';
import { useUnfinishedStudyRun } from '../api/get-unfinished-study-run';
import { useStartSavedSetRun } from '../api/start-saved-set-run';
import { useStartStudyRun, type StartKind } from '../api/start-study-run';
import { useStudyRun } from '../use-study-run';
import { MaterialsTab } from './materials-tab';
import { ResultsPanel } from './results-panel';
import { ResumeDialog } from './resume-offer';
import { SaveSetDialog } from './save-set-dialog';
import { SavedSetsTab } from './saved-sets-tab';
import { StudyRunPanel } from './study-run-panel';
import { SettingsTab } from './settings-tab';
import { StudyTab } from './study-tab';
import { UpgradePrompt } from './upgrade-prompt';
import '../focused-study.css';
import { LoginRequired } from '@web/components/login-required';
import { CurrentUserFailed, currentUserFailed } from '@web/components/current-user-failed';
import { usePageTitle } from '@web/lib/page-title';

/** '/focused-study' (docs/spec/multiplayer-membership-study.md §2): a login-needed message for guests, the upgrade prompt for members who are not advanced. */
export function FocusedStudyPage() {
  usePageTitle('集中学習');
  const current = useCurrentUser();
  if (currentUserFailed(current)) return <CurrentUserFailed current={current} />;
  if (current.isPending) return <Spinner />;
  if (!current.data) return <LoginRequired>集中学習を使うにはログインしてください。</LoginRequired>;
  if (!current.data.isPro) return <UpgradePrompt />;
  return <FocusedStudy user={current.data} />;
}

type Tab = 'settings' | 'materials' | 'study' | 'sets';

/** A start the member chose while a run was unfinished, waiting for their choice. */
interface PendingStart {
  unfinished: UnfinishedRun;
  generates: boolean;
  run: (replacing: string) => void;
}

/**
 * The four tabs; while a study run is on, its panel, and after it, the results panel. A run left
 * unfinished (a reload, another device) is offered at the top of the study tab, and every start
 * asks first whether to go on with it (「続きから」) or to discard it (「新しく始める」).
 */
function FocusedStudy({ user }: { user: CurrentUser }) {
  const materials = useMaterials(user.id);
  const settings = useStudySettings(user.id);
  const latest = useLatestStudyRun(user.id);
  const unfinished = useUnfinishedStudyRun(user.id);
  const savedSets = useSavedSets(user.id);
  const reviews = useReviewQueue(user.id);
  const usage = useAiUsage(user.id);
  const study = useStudyRun(user.id);
  const start = useStartStudyRun(user.id);
  const startSaved = useStartSavedSetRun(user.id);
  const discard = useDiscardStudyRun(user.id);
  const [tab, setTab] = useState<Tab>('study');
  const [saving, setSaving] = useState<StudyQuestion[] | null>(null);
  const [starting, setStarting] = useState<StartKind | null>(null);
  /** The start under way is the study tab offer's 「新しく始める」. */
  const [startingOver, setStartingOver] = useState(false);
  const [pending, setPending] = useState<PendingStart | null>(null);

  /** Runs a start, or first asks what to do with the unfinished run. */
  const ask = (generates: boolean, run: (replacing?: string) => void) => {
    if (unfinished.data) setPending({ unfinished: unfinished.data, generates, run });
    else run();
  };

  const begin = (kind: StartKind, replacing?: string) => {
    setStarting(kind);
    // A 409 (a run another tab started meanwhile) refreshes the unfinished one: it is offered.
    start.mutate(
      { kind, replacing },
      {
        onSuccess: (run) => study.begin(run),
        onError: (error) =>
          toastError(
            error,
            kind === 'new'
              ? FOCUSED_STUDY_MESSAGES.generateFailed
              : kind === 'review'
                ? FOCUSED_STUDY_MESSAGES.reviewFailed
                : FOCUSED_STUDY_MESSAGES.startFailed,
          ),
        onSettled: () => {
          setStarting(null);
          setStartingOver(false);
        },
      },
    );
  };
  /** A page-held run (a retry, a saved set's replay), after discarding the unfinished one. */
  const beginHeld = (go: () => void, replacing?: string) => {
    if (!replacing) return go();
    discard.mutate(replacing, {
      onSuccess: go,
      onError: (error) =>
        // Gone already (completed or discarded elsewhere): nothing stands in the way.
        error instanceof ApiError && error.status === 404
          ? go()
          : toastError(error, FOCUSED_STUDY_MESSAGES.discardFailed),
    });
  };
  const play = (set: SavedQuestionSet, replacing?: string) =>
    beginHeld(
      () =>
        startSaved.mutate(set.id, {
          onSuccess: (run) => study.begin(run),
          onError: (error) => toastError(error, FOCUSED_STUDY_MESSAGES.startSavedFailed),
        }),
      replacing,
    );
  const retry = (questions: readonly StudyQuestion[] | undefined, replacing?: string) =>
    beginHeld(() => study.retry(questions), replacing);
  /** 「新しく始める」 on the study tab's offer: the same kind of run again, from its first question. */
  const startOver = (run: UnfinishedRun) => {
    if (run.kind !== 'saved' && run.kind !== 'retry') setStartingOver(true);
    if (run.kind === 'study') begin('start', run.id);
    else if (run.kind === 'review') begin('review', run.id);
    else retry(run.questions, run.id);
  };

  const { state } = study;
  let body;
  if (materials.isPending || settings.isPending || savedSets.isPending) body = <Spinner />;
  else if (materials.isError || settings.isError || savedSets.isError)
    body = (
      <div className="state state--error" role="alert">
        <p>集中学習のデータを読み込めませんでした。ページを再読み込みしてください。</p>
      </div>
    );
  else if (state.view === 'answering') body = <StudyRunPanel study={study} state={state} />;
  else if (state.view === 'result')
    body = (
      <ResultsPanel
        result={state.result}
        onRetry={() => ask(false, (replacing) => retry(state.result.questions, replacing))}
        onNewQuestions={() => ask(true, (replacing) => begin('new', replacing))}
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
            unfinished={unfinished.data ?? null}
            startingOver={startingOver}
            starting={starting === 'start' || starting === 'review' ? starting : null}
            onStart={() => ask(true, (replacing) => begin('start', replacing))}
            onReview={() => ask(false, (replacing) => begin('review', replacing))}
            onRetryLatest={() => ask(false, (replacing) => retry(latest.data?.questions, replacing))}
            onResume={(run) => study.resume(run)}
            onStartOver={startOver}
          />
        </Tabs.Content>
        <Tabs.Content value="sets" className="tabs__panel">
          <SavedSetsTab
            userId={user.id}
            sets={savedSets.data}
            startingSet={startSaved.isPending ? (startSaved.variables ?? null) : null}
            onPlay={(set) => ask(false, (replacing) => play(set, replacing))}
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
      <ResumeDialog
        run={pending?.unfinished ?? null}
        generates={pending?.generates ?? false}
        onResume={() => {
          if (pending) study.resume(pending.unfinished);
          setPending(null);
        }}
        onStartOver={() => {
          pending?.run(pending.unfinished.id);
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
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
