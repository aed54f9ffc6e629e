import { useState, type FormEvent } from 'react';
import { PlusCircle } from 'lucide-react';
import { MULTIPLAYER_CATEGORIES, MULTIPLAYER_MESSAGES, ROOM_LIMITS } from '@shared/multiplayer';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { useLinkedQuiz } from '../api/get-linked-quiz';
import type { ConnectionStatus } from '../connection';
import type { MultiplayerGame } from '../game-controller';
import { canPlayTogether } from '@web/lib/play-together';
import { DEFAULT_ROOM_SETTINGS, RoomSettingsFields, type RoomSettingsValues } from './room-settings-fields';

/**
 * The create-room card (docs/spec/multiplayer-membership-study.md §2): quiz, category, players, answer time, optional password, order. The
 * button waits for the socket (接続中...) and for the server's answer (作成中...). A quiz named by
 * the page's link (「みんなで遊ぶ」, `?quiz=`) is chosen until the member picks another, with its
 * category when that is one of the room's; a link to a quiz that cannot host a room says why.
 */
export function CreateRoomCard(props: {
  game: MultiplayerGame;
  connection: ConnectionStatus;
  pending: boolean;
  linkedQuizId: string | null;
}) {
  const linked = useLinkedQuiz(props.linkedQuizId);
  const [chosen, setChosen] = useState<RoomSettingsValues>(DEFAULT_ROOM_SETTINGS);
  const [password, setPassword] = useState('');
  const [quizError, setQuizError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const connecting = props.connection !== 'open';
  const linkedQuiz = linked.data && canPlayTogether(linked.data) ? linked.data : undefined;
  const values: RoomSettingsValues =
    chosen.quizId || !linkedQuiz
      ? chosen
      : {
          ...chosen,
          quizId: linkedQuiz.id,
          quizTitle: linkedQuiz.title,
          category: MULTIPLAYER_CATEGORIES.find((category) => category === linkedQuiz.category) ?? 'all',
        };
  const linkedProblem = !props.linkedQuizId
    ? undefined
    : linked.isError
      ? MULTIPLAYER_MESSAGES.quizNotFound
      : linked.data && !linkedQuiz
        ? linked.data.questionCount === 0
          ? MULTIPLAYER_MESSAGES.quizWithoutQuestions
          : MULTIPLAYER_MESSAGES.quizNotPublic
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const noQuiz = !values.quizId;
    const longPassword = password.length > ROOM_LIMITS.passwordMax;
    setQuizError(noQuiz ? MULTIPLAYER_MESSAGES.quizRequired : undefined);
    setPasswordError(longPassword ? MULTIPLAYER_MESSAGES.passwordTooLong : undefined);
    if (noQuiz || longPassword) return;
    props.game.createRoom({
      quizId: values.quizId,
      maxPlayers: values.maxPlayers,
      category: values.category,
      timePerQuestion: values.timePerQuestion,
      randomOrder: values.randomOrder,
      ...(password ? { password } : {}),
    });
  };

  return (
    <section className="card mp-card mp-create" aria-labelledby="mp-create-title">
      <h2 id="mp-create-title" className="mp-card__title">
        <PlusCircle size={22} aria-hidden /> ルームを作成
      </h2>
      <form onSubmit={submit} noValidate>
        <RoomSettingsFields
          values={values}
          quizError={quizError ?? (chosen.quizId ? undefined : linkedProblem)}
          onChange={(next) => {
            setChosen(next);
            if (next.quizId) setQuizError(undefined);
          }}
        />
        <TextField
          label="パスワード（任意）"
          type="password"
          autoComplete="off"
          maxLength={ROOM_LIMITS.passwordMax}
          value={password}
          error={passwordError}
          hint={`空欄なら誰でも参加できます（${ROOM_LIMITS.passwordMax}文字以内）`}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button
          type="submit"
          className="button button--primary button--large button--block"
          disabled={connecting || props.pending}
        >
          {connecting ? (
            <>
              <Spinner inline size={18} /> 接続中...
            </>
          ) : props.pending ? (
            <>
              <Spinner inline size={18} /> 作成中...
            </>
          ) : (
            'ルームを作成'
          )}
        </button>
      </form>
    </section>
  );
}
