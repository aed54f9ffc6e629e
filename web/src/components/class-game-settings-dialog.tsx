import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLASSROOM_LIMITS, CLASSROOM_MESSAGES } from '@shared/classroom';
import type { CurrentUser } from '@shared/users';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { SelectField } from '@web/components/ui/text-field';
import { paths } from '@web/config/paths';
import { useCreateClassGame } from '@web/lib/api/create-class-game';
import { errorMessage } from '@web/lib/api-client';
import './class-game-dialog.css';

const L = CLASSROOM_LIMITS;
const SECONDS = Array.from(
  { length: (L.secondsMax - L.secondsMin) / L.secondsStep + 1 },
  (_, index) => L.secondsMin + index * L.secondsStep,
);
const PLAYERS = Array.from({ length: L.playersMax - L.playersMin + 1 }, (_, index) => L.playersMin + index);

/** The settings of a class game on `quiz` (「クラスで出題」's dialog, loaded when first opened). */
export function ClassGameDialog(props: {
  quiz: { id: string; title: string };
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateClassGame(props.user.id);
  const [timePerQuestion, setTime] = useState<number>(L.secondsDefault);
  const [maxPlayers, setMaxPlayers] = useState<number>(L.playersDefault);
  const [randomOrder, setRandomOrder] = useState(false);
  const [showQuestionText, setShowText] = useState(false);
  const submit = () =>
    create.mutate(
      { quizId: props.quiz.id, timePerQuestion, maxPlayers, randomOrder, showQuestionText },
      { onSuccess: (game) => void navigate(paths.classroomGame(game.gameId)) },
    );
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="クラスで出題"
      description={`「${props.quiz.title}」でクラスゲームを開きます。参加者はPINを入力して参加します（アカウント不要）。`}
      size="small"
    >
      <form
        className="class-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SelectField
          label="1問の回答時間"
          value={timePerQuestion}
          onChange={(event) => setTime(Number(event.target.value))}
        >
          {SECONDS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds}秒
            </option>
          ))}
        </SelectField>
        <SelectField
          label="最大人数"
          value={maxPlayers}
          onChange={(event) => setMaxPlayers(Number(event.target.value))}
        >
          {PLAYERS.map((players) => (
            <option key={players} value={players}>
              {players}人
            </option>
          ))}
        </SelectField>
        <label className="class-dialog__check">
          <input
            type="checkbox"
            checked={randomOrder}
            onChange={(event) => setRandomOrder(event.target.checked)}
          />
          問題をランダムな順番で出題する
        </label>
        <label className="class-dialog__check">
          <input
            type="checkbox"
            checked={showQuestionText}
            onChange={(event) => setShowText(event.target.checked)}
          />
          参加者の端末にも問題文を表示する（リモート授業向け）
        </label>
        {create.isError && (
          <p className="field__error" role="alert">
            {errorMessage(create.error, CLASSROOM_MESSAGES.busy)}
          </p>
        )}
        <div className="dialog__actions">
          <DialogClose className="button button--secondary">キャンセル</DialogClose>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? '作成中...' : 'ゲームを開く'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
