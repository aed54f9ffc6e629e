import { describe, expect, it } from 'vitest';
import { CLASSROOM_MESSAGES, type ClassServerMessage } from '@shared/classroom';
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerState } from './player-state';
import { classQuestion, playerGame } from './testing/games';

/**
 * The player's device on its own: every frame a player is sent moves the page between the form,
 * the wait, a question, its result, the end and the way out, and keeps out what is stale or
 * another game's. The page test renders the same through the socket.
 */
const server = (message: ClassServerMessage, receivedAt = 0): PlayerAction => ({
  type: 'server',
  message,
  receivedAt,
});
const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);

const joined = (game = playerGame()): ClassServerMessage => ({
  type: 'class_joined',
  gameId: 'g1',
  playerId: 'p1',
  nickname: 'たろう',
  resumeToken: 'tok',
  game,
});

const inLobby = () => run(initialPlayerState(), { type: 'join_requested' }, server(joined()));

describe('joining', () => {
  it('class_joined in the lobby seats the player and waits for the host', () => {
    const state = inLobby();
    expect(state.view).toBe('waiting');
    expect(state.joining).toBe(false);
    expect(state.seat).toEqual({ gameId: 'g1', playerId: 'p1', nickname: 'たろう', quizTitle: '日本の地理' });
  });

  it.each([
    ['not_found', CLASSROOM_MESSAGES.gameNotFound],
    ['class_full', CLASSROOM_MESSAGES.classFull],
    ['nickname_taken', CLASSROOM_MESSAGES.nicknameTaken],
    ['locked', CLASSROOM_MESSAGES.locked],
    ['rate_limited', CLASSROOM_MESSAGES.joinTooFast],
    ['invalid', CLASSROOM_MESSAGES.nicknameChars],
  ])('a join refused with %s shows its Japanese message on the form', (reason, text) => {
    const state = run(
      initialPlayerState(),
      { type: 'join_requested' },
      server({ type: 'error', reason, message: CLASSROOM_MESSAGES.nicknameChars }),
    );
    expect(state.view).toBe('form');
    expect(state.joining).toBe(false);
    expect(state.error).toBe(text);
  });

  it.each([CLASSROOM_MESSAGES.inGame, CLASSROOM_MESSAGES.alreadySeated])(
    'a join refused with in_game says which: %s',
    (message) => {
      const state = run(
        initialPlayerState(),
        { type: 'join_requested' },
        server({ type: 'error', reason: 'in_game', message }),
      );
      expect(state.error).toBe(message);
    },
  );

  it('a resume that finds the seat gone goes back to the form', () => {
    const state = run(
      inLobby(),
      { type: 'join_requested' },
      server({ type: 'error', reason: 'not_found', message: 'x' }),
    );
    expect(state.view).toBe('form');
    expect(state.seat).toBeNull();
  });

  it('a resume mid-question shows the same question with the answer already given', () => {
    const question = { questionIndex: 1, totalQuestions: 2, options: ['A', 'B'] as const, deadline: 5000 };
    const state = run(
      initialPlayerState(),
      { type: 'join_requested' },
      server(
        joined(
          playerGame({
            state: 'question',
            questionIndex: 1,
            totalScore: 800,
            question: { ...question, options: ['A', 'B'] },
            myAnswer: 'B',
          }),
        ),
      ),
    );
    expect(state.view).toBe('question');
    expect(state.question?.questionIndex).toBe(1);
    expect(state.myAnswer).toBe('B');
    expect(state.accepted).toBe(true);
    expect(state.totalScore).toBe(800);
  });

  it('a resume during a reveal shows the player’s result', () => {
    const result = {
      questionIndex: 0,
      isCorrect: true,
      points: 900,
      totalScore: 900,
      rank: 1,
      correctAnswer: 'A' as const,
    };
    const state = run(
      initialPlayerState(),
      { type: 'join_requested' },
      server(joined(playerGame({ state: 'reveal', questionIndex: 0, result }))),
    );
    expect(state.view).toBe('result');
    expect(state.result).toEqual(result);
  });
});

describe('a question', () => {
  it('class_question shows the buttons of the letters offered and sets the clock from serverTime', () => {
    const state = run(inLobby(), server(classQuestion(0, 100_000, { serverTime: 80_000 }), 79_000));
    expect(state.view).toBe('question');
    expect(state.question?.options).toEqual(['A', 'B', 'C']);
    expect(state.question?.text).toBeUndefined();
    expect(state.clockOffset).toBe(1000);
  });

  it('keeps the text when the host shows it on devices', () => {
    const state = run(inLobby(), server(classQuestion(0, 100_000, { text: '一番広い県は？' })));
    expect(state.question?.text).toBe('一番広い県は？');
  });

  it('an answer locks the buttons; answer_accepted confirms it', () => {
    let state = run(inLobby(), server(classQuestion(0, 100_000)), {
      type: 'answered',
      letter: 'B',
      questionIndex: 0,
    });
    expect(state.myAnswer).toBe('B');
    expect(state.accepted).toBe(false);
    // A second answer is not taken.
    state = run(state, { type: 'answered', letter: 'A', questionIndex: 0 });
    expect(state.myAnswer).toBe('B');
    state = run(state, server({ type: 'answer_accepted', gameId: 'g1', questionIndex: 0, answer: 'B' }));
    expect(state.accepted).toBe(true);
  });

  it('too_late says so', () => {
    const state = run(
      inLobby(),
      server(classQuestion(0, 100_000)),
      { type: 'answered', letter: 'B', questionIndex: 0 },
      server({ type: 'error', reason: 'too_late', message: 'x' }),
    );
    expect(state.error).toBe(CLASSROOM_MESSAGES.tooLate);
  });

  it('ignores another game’s frames and an older question', () => {
    const state = run(inLobby(), server(classQuestion(1, 100_000)));
    expect(run(state, server(classQuestion(0, 90_000)))).toBe(state);
    expect(run(state, server({ ...classQuestion(1, 100_000), gameId: 'g2' }))).toBe(state);
    expect(run(state, server({ type: 'answer_accepted', gameId: 'g1', questionIndex: 0, answer: 'A' }))).toBe(
      state,
    );
  });
});

describe('results and the end', () => {
  it('class_result shows right or wrong, points, total and rank', () => {
    const state = run(
      inLobby(),
      server(classQuestion(0, 100_000)),
      server({
        type: 'class_result',
        gameId: 'g1',
        questionIndex: 0,
        isCorrect: false,
        points: 0,
        totalScore: 0,
        rank: 3,
        correctAnswer: 'C',
      }),
    );
    expect(state.view).toBe('result');
    expect(state.result).toMatchObject({ isCorrect: false, rank: 3, correctAnswer: 'C' });
  });

  it('class_finished shows the rank, score and podium', () => {
    const podium = [{ nickname: 'じろう', totalScore: 1900 }];
    const state = run(
      inLobby(),
      server({ type: 'class_finished', gameId: 'g1', podium, rank: 2, totalScore: 1500 }),
    );
    expect(state.view).toBe('finished');
    expect(state.finished).toEqual({ rank: 2, totalScore: 1500, podium });
    // A result that comes after the end does not take the device back from it.
    const late = run(
      state,
      server({
        type: 'class_result',
        gameId: 'g1',
        questionIndex: 0,
        isCorrect: true,
        points: 900,
        totalScore: 1500,
        rank: 2,
        correctAnswer: 'A',
      }),
    );
    expect(late.view).toBe('finished');
  });

  it.each(['kicked', 'ended', 'left'] as const)('class_left (%s) takes the player out', (reason) => {
    const state = run(inLobby(), server({ type: 'class_left', gameId: 'g1', reason }));
    expect(state.view).toBe('left');
    expect(state.leftReason).toBe(reason);
    expect(state.seat).toBeNull();
  });

  it('a pong with a shorter round trip corrects the clock', () => {
    const state = run(inLobby(), server({ type: 'pong', sentAt: 1000, serverTime: 5000 }, 1100));
    expect(state.clockOffset).toBe(5000 - 1050);
    expect(run(state, server({ type: 'pong', sentAt: 2000, serverTime: 0 }, 2500))).toBe(state);
  });
});
