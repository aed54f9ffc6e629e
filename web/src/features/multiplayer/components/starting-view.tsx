import type { Room } from '@shared/multiplayer';
import { useRemaining } from '@web/lib/use-remaining';
import { useViewHeading } from './game-parts';

/** The 3-2-1 before the first question (docs/spec/multiplayer-membership-study.md §4 "starting"), counted to the server's `startsAt`. */
export function StartingView(props: {
  room: Room;
  starting: { startsAt: number; countdown: number; totalQuestions: number };
  now: () => number;
}) {
  const heading = useViewHeading<HTMLHeadingElement>();
  const remaining = useRemaining(props.starting.startsAt, props.now);
  const count = Math.min(props.starting.countdown, Math.ceil(remaining / 1000));
  return (
    <section className="mp-stage mp-stage--starting" aria-labelledby="mp-starting-title">
      <div className="mp-stage__inner mp-starting">
        <h1 id="mp-starting-title" ref={heading} tabIndex={-1} className="mp-stage__title">
          まもなくスタート！
        </h1>
        <p className="mp-starting__quiz">
          {props.room.settings.quizTitle}・全{props.starting.totalQuestions}問・1問
          {props.room.settings.timePerQuestion}秒
        </p>
        <div key={count} className="mp-starting__count" aria-hidden>
          {count > 0 ? count : 'GO!'}
        </div>
        <p className="visually-hidden" aria-live="assertive">
          {count > 0 ? count : 'スタート'}
        </p>
      </div>
    </section>
  );
}
