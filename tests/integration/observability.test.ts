import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC, METRICS_NAMESPACE } from '@functions/lib/metrics';
import { seed } from '../../scripts/seed';
import { registered } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import { UNTIL_TRUE } from '../support/limits';
import { twoPlayerRoom, type RoomPlayer } from '../support/multiplayer';

/**
 * What an operator reads in CloudWatch: every line the functions write while serving HTTP calls,
 * WebSocket messages and game-clock ticks is one JSON object carrying its request id and route,
 * and the business events are there as Embedded Metric Format lines.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const written: string[] = [];
const players: RoomPlayer[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
  delete process.env.QUIZ_SILENT_LOGS;
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    if (text.startsWith('{')) {
      written.push(text);
      return true;
    }
    return write(chunk, ...(rest as []));
  });
});
afterAll(async () => {
  process.env.QUIZ_SILENT_LOGS = '1';
  vi.restoreAllMocks();
  for (const player of players) player.close();
  await gateway.stop();
});

const lines = () =>
  written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const metricLines = (name: string) =>
  lines().filter((line) => {
    const aws = line._aws as
      { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] } | undefined;
    return aws?.CloudWatchMetrics.some(
      (directive) =>
        directive.Namespace === METRICS_NAMESPACE && directive.Metrics.some((metric) => metric.Name === name),
    );
  });

describe('logs and metrics', () => {
  it('writes sign-ups and plays as metrics, on lines that name the request and its route', async () => {
    const { client } = await registered(gateway);
    const [signUp] = metricLines(METRIC.signUps);
    expect(signUp).toMatchObject({ stage: 'test', route: 'POST /api/auth/register', SignUps: 1 });
    expect(signUp!.requestId).toEqual(expect.any(String));

    const quiz = await client.get('/api/quizzes/sample-science-basics');
    expect(quiz.status).toBe(200);
    const questions = quiz.json.questions as unknown as { id: string }[];
    const played = await client.request('POST', '/api/quizzes/sample-science-basics/attempt', {
      json: {
        score: 0,
        totalQuestions: questions.length,
        answers: Object.fromEntries(questions.map((question) => [question.id, 'A'])),
      },
    });
    expect(played.status, played.text).toBe(201);
    expect(metricLines(METRIC.plays)).toEqual([
      expect.objectContaining({ route: 'POST /api/quizzes/{id}/attempt', Plays: 1 }),
    ]);
  });

  it('counts a multiplayer game, and its socket messages and game-clock ticks log with request id and route', async () => {
    const { host, guest } = await twoPlayerRoom(gateway);
    players.push(host, guest);
    host.send({ type: 'ready' });
    guest.send({ type: 'ready' });
    await guest.expect('game_starting');
    // The countdown's end comes from the game clock (the tick consumer), which logs once it is done.
    await guest.expect('question');
    await vi.waitFor(() => expect(lines().map((line) => line.route)).toContain('tick'), UNTIL_TRUE);

    expect(metricLines(METRIC.games)).toEqual([expect.objectContaining({ Games: 1, route: 'ready' })]);
    const routes = new Set(lines().map((line) => line.route));
    for (const route of [
      '$connect',
      'auth',
      'create_room',
      'join_room',
      'ready',
      'tick',
      'GET /api/categories',
    ])
      expect(routes, route).toContain(route);
  });

  it('never writes a line without a request id and a route', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(10);
    const unnamed = all.filter(
      (line) => typeof line.requestId !== 'string' || typeof line.route !== 'string',
    );
    expect(unnamed).toEqual([]);
    for (const line of all) if (!line._aws) expect(line).toMatchObject({ service: 'quiz', stage: 'test' });
  });
});
