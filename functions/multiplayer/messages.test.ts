import { describe, expect, it } from 'vitest';
import { serverMessageSchema } from '@shared/multiplayer';
import type { GameQuestion, RoomState } from './room';
import * as messages from './messages';
import * as rules from './rules';
import { allReady, seat, T0, waitingRoom } from './testing/rooms';

/** What the players are sent at each phase, read from the room alone, as the page parses it. */

const questions: GameQuestion[] = [
  {
    id: 'q-1',
    text: '一番大きい県は？',
    options: { A: '北海道', B: '岩手' },
    correctAnswer: 'A',
    explanation: '面積で。',
  },
  {
    id: 'q-2',
    text: '一番小さい県は？',
    options: { A: '香川', B: '大阪' },
    correctAnswer: 'A',
    explanation: null,
  },
];

/** あ hosts い in 「県」, both ready. */
const room = (): RoomState =>
  allReady(
    waitingRoom({
      hostId: 'a',
      settings: { ...waitingRoom().settings, quizId: 'quiz', quizTitle: '県', timePerQuestion: 30 },
      players: { a: seat('あ', T0), b: seat('い', T0 + 1) },
      version: 3,
    }),
  );

/** Applies the clock's tick for the current phase. */
const tick = (state: RoomState): RoomState => {
  const change = rules.endPhase(state, state.step, state.phaseEndsAt, 'wait');
  if (!('room' in change)) throw new Error('expected a phase change');
  return change.room;
};

const starting = () => {
  const change = rules.startGame(room(), questions, '県', T0);
  if (!('room' in change)) throw new Error('expected a start');
  return change.room;
};

/** Every message is one the page's schema accepts. */
const parsed = (sent: unknown[]) => sent.map((message) => serverMessageSchema.parse(message));

describe('phase messages', () => {
  it('opens a question with its text and options, never its answer or the quiz’s question id, then the time left', () => {
    const open = tick(starting());
    const sent = parsed(messages.phaseMessages(open, questions, open.questionStartedAt + 4_500));
    expect(sent.map((message) => message.type)).toEqual(['question', 'timer_sync']);
    expect(JSON.stringify(sent[0])).not.toMatch(/correctAnswer|q-1|面積/);
    expect(sent[0]).toMatchObject({
      question: { text: '一番大きい県は？' },
      timeLimit: 30,
      deadline: open.phaseEndsAt,
    });
    expect(sent[1]).toMatchObject({ remainingTime: 26, deadline: open.phaseEndsAt });
  });

  it('reveals the answer, the explanation and each player’s points, then ranks, then resets', () => {
    let state = tick(starting());
    state.players.a!.answers['0'] = { answer: 'A', at: state.questionStartedAt };
    state.players.b!.answers['0'] = { answer: 'B', at: state.questionStartedAt };
    state = tick(state);
    const [reveal] = parsed(messages.phaseMessages(state, questions, T0));
    expect(reveal).toMatchObject({
      type: 'answer_reveal',
      correctAnswer: 'A',
      explanation: '面積で。',
      results: [
        { playerId: 'a', answer: 'A', isCorrect: true, score: 1000, totalScore: 1000 },
        { playerId: 'b', answer: 'B', isCorrect: false, score: 0, totalScore: 0 },
      ],
    });
    state = tick(tick(tick(state)));
    expect(state.gameState).toBe('finished');
    const [finished] = parsed(messages.phaseMessages(state, questions, T0));
    expect(finished).toMatchObject({ type: 'game_finished', winner: { playerId: 'a', rank: 1 } });
    const [reset] = parsed(messages.phaseMessages(tick(state), questions, T0));
    expect(reset).toMatchObject({ type: 'room_reset', room: { gameState: 'waiting' } });
  });

  it('names no winner when first place is shared (0–0 included)', () => {
    const state = tick(tick(tick(tick(tick(starting())))));
    expect(state.gameState).toBe('finished');
    expect(messages.finishedMessage(state).winner).toBeNull();
    expect(messages.finishedMessage(state).results.map((entry) => entry.rank)).toEqual([1, 1]);
  });

  it('puts a member back with what is on screen and their own answer', () => {
    const open = tick(starting());
    open.players.b!.answers['0'] = { answer: 'B', at: open.questionStartedAt };
    const sent = parsed(messages.rejoinMessages(open, 'b', questions, open.questionStartedAt));
    expect(sent.map((message) => message.type)).toEqual(['room_rejoined', 'timer_sync']);
    expect(sent[0]).toMatchObject({ myAnswer: 'B', question: { questionIndex: 0 } });
    const lobby = parsed(messages.rejoinMessages(room(), 'a', [], T0));
    expect(lobby).toEqual([expect.objectContaining({ type: 'room_rejoined', myAnswer: null })]);
  });

  it('counts the connected players who answered', () => {
    const open = tick(starting());
    open.players.a!.answers['0'] = { answer: 'A', at: T0 };
    expect(messages.playerAnsweredMessage(open, 'a', 0)).toMatchObject({ answeredCount: 1, playerCount: 2 });
  });
});

describe('a question’s picture', () => {
  it('is sent with the question, sized, and nothing of the answer with it', () => {
    const image = { url: '/quiz-images/quiz/abc.webp', width: 1280, height: 720, alt: '北海道の地図' };
    const withPicture = questions.map((question, index) => (index === 0 ? { ...question, image } : question));
    const open = tick(starting());
    const [question] = parsed(messages.phaseMessages(open, withPicture, open.questionStartedAt + 1_000));
    expect(question).toMatchObject({ type: 'question', question: { text: '一番大きい県は？', image } });
    // A question without one (or a game started before pictures existed) says so.
    expect(messages.questionMessage(open, questions[1]!).question.image).toBeNull();
  });
});
