import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, Flag } from 'lucide-react';
import { FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { isAnswered, type StudyRunState, type StudyView } from '../use-study-run';
import { QuestionAnswer } from './question-answer';
import { StudyMeter } from './study-meter';

/**
 * The run in progress (docs/spec/multiplayer-membership-study.md §2, §4): one question at a time; next (or, on the last, 結果を見る)
 * once it is answered — a sort can always go on. The answers are saved as the member goes (a
 * failed save is said). Ending early asks first: the run is discarded.
 */
export function StudyRunPanel(props: {
  study: StudyRunState;
  state: Extract<StudyView, { view: 'answering' }>;
}) {
  const { study, state } = props;
  const { run, index, answers } = state;
  const question = run.questions[index]!;
  const total = run.questions.length;
  const last = index === total - 1;
  const canGoOn = isAnswered(question, answers[question.id]);
  const [ending, setEnding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A new question is read from its start.
  useEffect(() => heading.current?.focus(), [index]);

  return (
    <section className="card study-run" aria-labelledby="study-question">
      <div className="study-run__bar">
        <p className="study-run__count">
          問題 {index + 1} / {total}
        </p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setEnding(true)}
        >
          <Flag size={15} aria-hidden />
          学習を中断
        </button>
      </div>
      <StudyMeter label="進み具合" value={index + 1} max={total} />
      <h2 id="study-question" ref={heading} tabIndex={-1} className="study-run__question">
        {question.text}
      </h2>
      <QuestionAnswer
        key={question.id}
        question={question}
        answer={answers[question.id]}
        onAnswer={(answer) => study.answer(question.id, answer)}
      />
      <div className="study-run__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={index === 0 || study.completing}
          onClick={study.previous}
        >
          <ArrowLeft size={16} aria-hidden />
          前へ
        </button>
        {last ? (
          <button
            type="button"
            className="button button--primary"
            disabled={!canGoOn || study.completing}
            onClick={study.complete}
          >
            {study.completing ? <Spinner inline size={16} /> : null}
            {study.completing ? '採点中...' : '結果を見る'}
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={!canGoOn} onClick={study.next}>
            次へ
            <ArrowRight size={16} aria-hidden />
          </button>
        )}
      </div>
      {!canGoOn && <p className="study-run__note">回答を選ぶと次へ進めます</p>}
      <p className={`study-run__saved${study.progress === 'failed' ? ' is-failed' : ''}`} role="status">
        {study.progress === 'failed'
          ? FOCUSED_STUDY_MESSAGES.progressFailed
          : '回答は自動で保存されます（再読み込みしても、ほかの端末からでも続きから再開できます）'}
      </p>
      <Dialog
        open={ending}
        onOpenChange={setEnding}
        title="学習を中断しますか？"
        description="このセッションの回答は保存されず、破棄されます。"
        closeButton={false}
        size="small"
        alert
      >
        <div className="dialog__actions">
          <DialogClose className="button button--secondary">続ける</DialogClose>
          <button type="button" className="button button--danger" onClick={study.abandon}>
            中断する
          </button>
        </div>
      </Dialog>
    </section>
  );
}
