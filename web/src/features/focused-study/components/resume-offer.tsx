import { PlayCircle, RotateCcw } from 'lucide-react';
import { FOCUSED_STUDY, type UnfinishedRun } from '@shared/focused-study';
import { Dialog } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { formatDay } from '@web/lib/format-date';
import { StudyMeter } from './study-meter';

/** What an unfinished run was, as the member started it. */
const KIND_LABELS: Record<UnfinishedRun['kind'], string> = {
  study: '今日の学習',
  review: '復習',
  saved: '保存セット',
  retry: '再チャレンジ',
};

/** What 「新しく始める」 does to it, said before it is done. */
const START_OVER_HINTS: Record<UnfinishedRun['kind'], string> = {
  study: '新しく始めると、途中の学習は破棄され、新しい問題の作成にAI生成を1回使います。',
  review: '新しく始めると、途中の復習は破棄され、今日の復習を最初から始めます。',
  saved: '新しく始めると、途中の回答は破棄され、同じ問題を最初から解き直します。',
  retry: '新しく始めると、途中の回答は破棄され、同じ問題を最初から解き直します。',
};

const answeredCount = (run: UnfinishedRun) => Object.keys(run.userAnswers).length;

/** 「今日の学習・10問中2問に回答済み」 */
export const unfinishedSummary = (run: UnfinishedRun) =>
  `${KIND_LABELS[run.kind]}・${run.questions.length}問中${answeredCount(run)}問に回答済み`;

/**
 * The study tab's offer to go on (after a reload, or on another device): where the member left
 * the run, 「続きから」 there with the answers they gave, or 「新しく始める」 in its place.
 */
export function ResumeCard(props: {
  run: UnfinishedRun;
  busy: boolean;
  startingOver: boolean;
  onResume: () => void;
  onStartOver: () => void;
}) {
  const { run } = props;
  const total = run.questions.length;
  const answered = answeredCount(run);
  return (
    <section className="card study-card study-resume" aria-labelledby="study-resume-title">
      <h2 id="study-resume-title" className="study-card__title">
        <PlayCircle size={18} aria-hidden />
        途中の学習があります
      </h2>
      {/* Each part wraps whole on a phone. */}
      <p className="study-resume__summary">
        <span>{KIND_LABELS[run.kind]}：</span>
        <span>
          {total}問中 <strong>{answered}問</strong>に回答済み・
        </span>
        <span>問題 {run.currentQuestionIndex + 1} から</span>
      </p>
      <StudyMeter label="回答済みの問題" value={answered} max={total} />
      <p className="field__hint">
        <time dateTime={run.startedAt}>{formatDay(run.startedAt)}</time>
        に開始。始めてから{FOCUSED_STUDY.runHours}
        時間は、ほかの端末からでも続きから再開できます。{START_OVER_HINTS[run.kind]}
      </p>
      <div className="study-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={props.busy}
          onClick={props.onStartOver}
        >
          {props.startingOver ? <Spinner inline size={16} /> : <RotateCcw size={16} aria-hidden />}
          {props.startingOver ? '新しく始めています...' : '新しく始める'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={props.busy}
          onClick={props.onResume}
        >
          <PlayCircle size={16} aria-hidden />
          続きから
        </button>
      </div>
    </section>
  );
}

/**
 * Asked when a start is chosen while a run is unfinished: 「続きから」 goes on with it;
 * 「新しく始める」 discards it and starts what was chosen (the only way to spend another
 * generation on a run the member has not finished).
 */
export function ResumeDialog(props: {
  run: UnfinishedRun | null;
  /** The start chosen makes new questions (uses an AI generation). */
  generates: boolean;
  onResume: () => void;
  onStartOver: () => void;
  onClose: () => void;
}) {
  const { run } = props;
  return (
    <Dialog
      open={run !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title="途中の学習があります"
      description={
        run
          ? `${unfinishedSummary(run)}（問題 ${run.currentQuestionIndex + 1} から）。続きから再開するか、途中の学習を破棄して新しく始めるかを選んでください。`
          : ''
      }
      size="small"
    >
      {props.generates && <p className="field__hint">新しく始めると、AI生成を1回使います。</p>}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onStartOver}>
          新しく始める
        </button>
        <button type="button" className="button button--primary" onClick={props.onResume}>
          続きから
        </button>
      </div>
    </Dialog>
  );
}
