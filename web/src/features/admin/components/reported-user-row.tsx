import { useState } from 'react';
import type { ReportedUser } from '../api/admin';
import { useAdminCommand } from '../use-admin-command';

/**
 * A reported author: names, report counts, penalty history, and (for members, not administrators)
 * suspension for 10 minutes, a day or a chosen number of minutes, a permanent ban, or lifting it.
 */
export function ReportedUserRow({ user }: { user: ReportedUser }) {
  const command = useAdminCommand();
  const [minutes, setMinutes] = useState('60');
  const stopped = user.penalties.some((penalty) => penalty.active);
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
                disabled={command.pending}
                onClick={() =>
                  command.run(
                    { kind: 'unban', body: { userId: user.id } },
                    { failure: 'BAN解除に失敗しました' },
                  )
                }
              >
                停止を解除
              </button>
            ) : (
              <PenaltyButtons
                pending={command.pending}
                minutes={minutes}
                onMinutesChange={setMinutes}
                onPenalty={(penalty) =>
                  command.run(
                    { kind: 'ban', body: { userId: user.id, ...penalty } },
                    { failure: 'BANに失敗しました' },
                  )
                }
              />
            )}
          </div>
        )}
      </div>
    </li>
  );
}

type Penalty = { type: 'ban' | 'suspension'; minutes?: number };

/** Suspend for 10 minutes, a day, or the minutes typed (a whole number from 1); or ban for good. */
function PenaltyButtons(props: {
  pending: boolean;
  minutes: string;
  onMinutesChange: (minutes: string) => void;
  onPenalty: (penalty: Penalty) => void;
}) {
  const { pending, onPenalty } = props;
  const customMinutes = Number(props.minutes);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        onClick={() => onPenalty({ type: 'suspension', minutes: 10 })}
      >
        10分停止
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        onClick={() => onPenalty({ type: 'suspension', minutes: 1440 })}
      >
        1日停止
      </button>
      <label className="admin-minutes">
        <span className="visually-hidden">停止する分数</span>
        <input
          type="number"
          min={1}
          className="field__input"
          value={props.minutes}
          onChange={(event) => props.onMinutesChange(event.target.value)}
          aria-label="停止する分数"
        />
      </label>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending || !Number.isInteger(customMinutes) || customMinutes < 1}
        onClick={() => onPenalty({ type: 'suspension', minutes: customMinutes })}
      >
        分数を指定して停止
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={pending}
        onClick={() => onPenalty({ type: 'ban' })}
      >
        永久BAN
      </button>
    </>
  );
}
