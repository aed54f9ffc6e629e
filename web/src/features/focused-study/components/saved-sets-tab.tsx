import { useState } from 'react';
import { Clock, Eye, Pencil, Play, Star, Trash2 } from 'lucide-react';
import { FOCUSED_STUDY, FOCUSED_STUDY_MESSAGES, type SavedQuestionSet } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { formatDay } from '@web/lib/format-date';
import { useDeleteSet } from '../api/delete-set';
import { useFavoriteSet } from '../api/favorite-set';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useConfirmDelete } from '@web/components/ui/use-confirm-delete';
import { EditSetDialog } from './edit-set-dialog';
import { PreviewDialog } from './preview-dialog';

/** The saved sets tab: favourites first, then the newest; replay, preview (with editing), edit, delete. */
export function SavedSetsTab(props: {
  userId: string;
  sets: SavedQuestionSet[];
  startingSet: string | null;
  onPlay: (set: SavedQuestionSet) => void;
}) {
  const favorite = useFavoriteSet(props.userId);
  const [editing, setEditing] = useState<SavedQuestionSet | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedQuestionSet | null>(null);
  const confirm = useConfirmDelete({
    target: deleting,
    close: () => setDeleting(null),
    remove: useDeleteSet(props.userId),
    idOf: (set) => set.id,
    deleted: FOCUSED_STUDY_MESSAGES.setDeleted,
    failed: FOCUSED_STUDY_MESSAGES.deleteSetFailed,
  });
  const sets = [...props.sets].sort((x, y) => Number(y.isFavorite) - Number(x.isFavorite));
  const preview = props.sets.find((set) => set.id === previewing);

  return (
    <section aria-labelledby="study-sets-title">
      <h2 id="study-sets-title" className="section__title">
        保存した問題セット（{props.sets.length} / {FOCUSED_STUDY.savedSetsMax}件）
      </h2>
      {sets.length === 0 ? (
        <p className="state">
          保存した問題セットはまだありません。学習の結果画面から「問題セットとして保存」できます。
        </p>
      ) : (
        <ul className="study-sets">
          {sets.map((set) => (
            <li key={set.id} className="card study-set">
              <div className="study-set__head">
                <h3 className="study-set__title">{set.title}</h3>
                <span className="study-set__icons">
                  <button
                    type="button"
                    className={`icon-button study-set__star${set.isFavorite ? ' is-on' : ''}`}
                    aria-label={
                      set.isFavorite
                        ? `「${set.title}」をお気に入りから外す`
                        : `「${set.title}」をお気に入りにする`
                    }
                    aria-pressed={set.isFavorite}
                    onClick={() =>
                      favorite.mutate(
                        { setId: set.id, isFavorite: !set.isFavorite },
                        { onError: (error) => toastError(error, FOCUSED_STUDY_MESSAGES.favoriteFailed) },
                      )
                    }
                  >
                    <Star size={20} aria-hidden fill={set.isFavorite ? 'currentColor' : 'none'} />
                  </button>
                  <button
                    type="button"
                    className="icon-button study-set__delete"
                    aria-label={`「${set.title}」を削除`}
                    onClick={() => setDeleting(set)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                </span>
              </div>
              {set.description && <p className="study-set__description">{set.description}</p>}
              <p className="study-set__meta">
                <span className="pill pill--category">{set.difficulty}</span>
                <span>{set.questionCount}問</span>
                <span>
                  <Clock size={14} aria-hidden /> 約{set.estimatedTime}分
                </span>
                <span>{set.playCount}回プレイ</span>
                {set.lastPlayedAt && <span>最終 {formatDay(set.lastPlayedAt)}</span>}
              </p>
              <div className="study-set__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={props.startingSet !== null}
                  onClick={() => props.onPlay(set)}
                >
                  <Play size={14} aria-hidden />
                  {props.startingSet === set.id ? '準備中...' : '解く'}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setPreviewing(set.id)}
                >
                  <Eye size={14} aria-hidden />
                  プレビュー
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setEditing(set)}
                >
                  <Pencil size={14} aria-hidden />
                  編集
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditSetDialog userId={props.userId} set={editing} onClose={() => setEditing(null)} />}
      {preview && <PreviewDialog userId={props.userId} set={preview} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        {...confirm}
        title="問題セットを削除しますか？"
        description={`「${deleting?.title ?? ''}」を削除します。この操作は取り消せません。`}
      />
    </section>
  );
}
