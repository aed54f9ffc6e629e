import { describe, expect, it } from 'vitest';
import { CLASSROOM_MESSAGES, type ClassServerMessage } from '@shared/classroom';
import { hostReducer, initialHostState, type HostAction, type HostState } from './host-state';
import { classQuestion, classReveal, hostGame } from './testing/games';

/** The host's screen on its own: every frame the host is sent, one call each. */
const server = (message: ClassServerMessage, receivedAt = 0): HostAction => ({
  type: 'server',
  message,
  receivedAt,
});
const run = (state: HostState, ...actions: HostAction[]) => actions.reduce(hostReducer, state);
const hosting = (game = hostGame()): ClassServerMessage => ({ type: 'class_hosting', game });
const attached = () => run(initialHostState('g1'), server(hosting()));

describe('the host screen', () => {
  it('is built from the read and then from class_hosting, which a late read does not undo', () => {
    let state = run(initialHostState('g1'), { type: 'loaded', game: hostGame({ players: [] }) });
    expect(state.game?.players).toEqual([]);
    state = run(state, server(hosting()));
    expect(state.attached).toBe(true);
    expect(state.game?.players).toHaveLength(2);
    expect(run(state, { type: 'loaded', game: hostGame({ players: [] }) })).toBe(state);
  });

  it('ignores another game’s hosting and frames', () => {
    const state = attached();
    expect(run(state, server(hosting(hostGame({ gameId: 'g2' }))))).toBe(state);
    expect(run(state, server({ type: 'class_locked', gameId: 'g2', locked: true }))).toBe(state);
  });

  it('players arrive and leave; the lock follows class_locked', () => {
    const players = [{ playerId: 'p3', nickname: 'さぶろう', score: 0, connected: true }];
    let state = run(attached(), server({ type: 'class_player_joined', gameId: 'g1', players }));
    expect(state.game?.players).toEqual(players);
    state = run(state, server({ type: 'class_player_left', gameId: 'g1', players: [] }));
    expect(state.game?.players).toEqual([]);
    state = run(state, server({ type: 'class_locked', gameId: 'g1', locked: true }));
    expect(state.game?.locked).toBe(true);
  });

  it('class_question opens the question with its text and choices; class_answer_count counts', () => {
    let state = run(
      attached(),
      { type: 'sent', pending: 'start' },
      server(
        classQuestion(0, 100_000, {
          text: '一番広い県は？',
          choices: { A: '北海道', B: '岩手県', C: '長野県' },
        }),
        79_000,
      ),
    );
    expect(state.pending).toBeNull();
    expect(state.game?.state).toBe('question');
    expect(state.game?.question).toMatchObject({
      text: '一番広い県は？',
      answered: 0,
      total: 2,
      deadline: 100_000,
    });
    expect(state.game?.question?.options).toEqual({ A: '北海道', B: '岩手県', C: '長野県' });
    expect(state.clockOffset).toBe(80_000 - 79_000);
    state = run(
      state,
      server({ type: 'class_answer_count', gameId: 'g1', questionIndex: 0, answered: 1, total: 2 }),
    );
    expect(state.game?.question).toMatchObject({ answered: 1, total: 2 });
    // A count of another question is old news.
    expect(
      run(
        state,
        server({ type: 'class_answer_count', gameId: 'g1', questionIndex: 1, answered: 2, total: 2 }),
      ),
    ).toBe(state);
  });

  it('class_reveal shows the counts, the right answer, explanation and top', () => {
    const state = run(
      attached(),
      server(classQuestion(0, 100_000, { text: 'x', choices: { A: 'a', B: 'b' } })),
      server(classReveal(0)),
    );
    expect(state.game?.state).toBe('reveal');
    expect(state.game?.reveal).toMatchObject({
      correctAnswer: 'B',
      optionCounts: { A: 1, B: 3, C: 0, D: 0 },
    });
    // A question frame of the revealed question again changes nothing.
    expect(run(state, server(classQuestion(0, 100_000))).game).toBe(state.game);
  });

  it('class_finished keeps the podium and the whole table', () => {
    const players = [{ playerId: 'p1', nickname: 'たろう', score: 950, correctCount: 1, rank: 1 }];
    const state = run(
      attached(),
      server({
        type: 'class_finished',
        gameId: 'g1',
        podium: [{ nickname: 'たろう', totalScore: 950 }],
        players,
      }),
    );
    expect(state.game?.state).toBe('finished');
    expect(state.finished?.players).toEqual(players);
    // A reveal that comes after the end does not take the screen back from the podium.
    expect(run(state, server(classReveal(0))).game?.state).toBe('finished');
  });

  it('an error (not_host, busy) is said in Japanese and frees the buttons', () => {
    const state = run(
      attached(),
      { type: 'sent', pending: 'next' },
      server({ type: 'error', reason: 'not_host', message: 'x' }),
    );
    expect(state.error).toBe(CLASSROOM_MESSAGES.notHost);
    expect(state.pending).toBeNull();
    expect(run(state, { type: 'error_seen' }).error).toBeNull();
  });

  it('a drop detaches the screen until the next class_hosting', () => {
    const state = run(attached(), { type: 'disconnected' });
    expect(state.attached).toBe(false);
    expect(state.game).not.toBeNull();
  });
});
