import { paths } from '@web/config/paths';
import { loginPathFor } from '@web/lib/auth/return-path';

/**
 * 「みんなで遊ぶ」: a quiz's page and its card's menu open the lobby with that quiz chosen in the
 * create card. Kept apart from the rest of the feature (no socket, no schemas) so those pages load
 * nothing of multiplayer until it is used.
 */

/** The lobby's query parameter naming the quiz to create a room on (`room` is the spec's join link). */
export const LINKED_QUIZ_PARAM = 'quiz';

/**
 * Whether a room may be opened on the quiz: public (published, not hidden) with questions, as the
 * server checks (対戦には公開中のクイズだけを使えます).
 */
export const canPlayTogether = (quiz: { isPublished: boolean; isHidden: boolean; questionCount: number }) =>
  quiz.isPublished && !quiz.isHidden && quiz.questionCount > 0;

/** Where 「みんなで遊ぶ」 goes: the lobby with the quiz chosen, through the login when signed out. */
export function playTogetherPath(quizId: string, signedIn: boolean): string {
  const lobby = `${paths.multiplayer}?${new URLSearchParams({ [LINKED_QUIZ_PARAM]: quizId }).toString()}`;
  return signedIn ? lobby : loginPathFor(lobby);
}
