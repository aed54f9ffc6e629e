import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { displayName, type CurrentUser } from '@shared/users';
import { toast } from '@web/components/toast/toast-store';
import { sendProgress } from '@web/lib/api/save-progress';
import { saveMultiplayerAttempt } from './api/save-multiplayer-attempt';
import { MultiplayerGame } from './game-controller';

/**
 * The signed-in member's time in multiplayer, for as long as the page is shown: the socket opens
 * on mount and closes on unmount (the server keeps the seat for a minute, so coming back rejoins).
 */
export function useMultiplayer(user: CurrentUser) {
  const queryClient = useQueryClient();
  const [game] = useState(
    () =>
      new MultiplayerGame(
        { id: user.id, nickname: displayName(user) },
        {
          saveProgress: sendProgress,
          saveAttempt: (quizId, attempt) => saveMultiplayerAttempt(queryClient, quizId, attempt),
          notify: toast,
        },
      ),
  );
  useEffect(() => {
    game.start();
    return () => game.stop();
  }, [game]);
  const snapshot = useSyncExternalStore(game.subscribe, game.getSnapshot);
  return { ...snapshot, game };
}
