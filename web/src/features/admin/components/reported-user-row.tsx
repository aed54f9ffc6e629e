import { useState } from 'react';
import { ADMIN_LIMITS, type ReportedUser } from '@shared/admin';
import { useAdminCommand } from '../use-admin-command';
import { ConfirmActionDialog, type PendingAction } from './confirm-action-dialog';
import { formatDateTime } from '@web/lib/format-date';

type Penalty = { type: 'ban' | 'suspension'; minutes?: number };

/** 「10分」「1日」「90分」: a suspension's length as people say it. */
const duration = (minutes: number) =>
  minutes % 1440 === 0 ? `${minutes / 1440}日` : minutes % 60 === 0 ? `${minutes / 60}時間` : `${minutes}分`;

/**
 * A reported author: names, report counts, penalty history, and (for members, not administrators)
 * suspension for 10 minutes, a day or a chosen number of minutes, a permanent ban, or lifting it.
 * Every penalty is confirmed first, with the member named and an optional reason.
 */
export function ReportedUserRow({ user }: { user: ReportedUser }) {
  const command = useAdminCommand();
  const [minutes, setMinutes] = useState('60');
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  const stopped = user.penalties.some((penalty) => penalty.active);
  const name = user.nickname || user.username;
  const confirmPenalty = (penalty: Penalty) =>
    setConfirming({
      title:
        penalty.type === 'ban'
          ? `${name}（@${user.username}）さんを永久BANしますか？`
          : `${name}（@${user.username}）さんを${duration(penalty.minutes ?? 0)}停止しますか？`,
      description:
        penalty.type === 'ban'
          ? 'このアカウントは解除するまでログインできなくなり、ログイン中のセッションもすべて終了します。'
          : 'その間はログインできなくなり、ログイン中のセッションもすべて終了します。',
      confirmLabel: penalty.type === 'ban' ? '永久BAN' : `${duration(penalty.minutes ?? 0)}停止`,
      run: (reason) =>
        command.run(
          { kind: 'ban', body: { userId: user.id, ...penalty, ...(reason ? { reason } : {}) } },
          { failure: 'BANに失敗しました' },
        ),
    });
  return (
    <li className="card admin-card">
      <div className="admin-card__head">
        <div>
          <h2 className="admin-card__title">
            {name} <span className="admin-card__meta">@{user.username}</span>{' '}
            {stopped && (
              <span className="pill pill--danger">
                停止中
                {user.suspendedUntil === 'PERMANENT'
                  ? '（無期限）'
                  : user.suspendedUntil && `（${formatDateTime(user.suspendedUntil)}まで）`}
              </span>
            )}
          </h2>
          <p className="admin-card__meta">
            報告されたクイズ {user.reportedQuizCount}件 ・ 報告 {user.reportCount}件
            {user.penalties.length > 0 && ` ・ ペナルティ履歴 ${user.penalties.length}件`}
          </p>
        </div>
        {user.role !== 'admin' && (
          <div className="admin-card__actions" role="group" aria-label={`${name}さんへの対応`}>
            {stopped ? (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={command.pending}
                aria-label={`${name}さんの停止を解除`}
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
                name={name}
                pending={command.pending}
                minutes={minutes}
                onMinutesChange={setMinutes}
                onPenalty={confirmPenalty}
              />
            )}
          </div>
        )}
      </div>
      <ConfirmActionDialog
        action={confirming}
        pending={command.pending}
        onClose={() => setConfirming(null)}
      />
    </li>
  );
}

/** Suspend for 10 minutes, a day, or the minutes typed (a whole number from 1); or ban for good. */
function PenaltyButtons(props: {
  name: string;
  pending: boolean;
  minutes: string;
  onMinutesChange: (minutes: string) => void;
  onPenalty: (penalty: Penalty) => void;
}) {
  const { pending, onPenalty, name } = props;
  const customMinutes = Number(props.minutes);
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        aria-label={`${name}さんを10分停止`}
        onClick={() => onPenalty({ type: 'suspension', minutes: 10 })}
      >
        10分停止
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={pending}
        aria-label={`${name}さんを1日停止`}
        onClick={() => onPenalty({ type: 'suspension', minutes: 1440 })}
      >
        1日停止
      </button>
      <label className="admin-minutes">
        <span className="visually-hidden">{name}さんを停止する分数</span>
        <input
          type="number"
          min={1}
          max={ADMIN_LIMITS.suspensionMinutesMax}
          className="field__input"
          value={props.minutes}
          onChange={(event) => props.onMinutesChange(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={
          pending ||
          !Number.isInteger(customMinutes) ||
          customMinutes < 1 ||
          customMinutes > ADMIN_LIMITS.suspensionMinutesMax
        }
        aria-label={`${name}さんを指定した分数だけ停止`}
        onClick={() => onPenalty({ type: 'suspension', minutes: customMinutes })}
      >
        分数を指定して停止
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={pending}
        aria-label={`${name}さんを永久BAN`}
        onClick={() => onPenalty({ type: 'ban' })}
      >
        永久BAN
      </button>
    </>
  );
}
