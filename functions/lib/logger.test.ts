import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, requestLog, withRequestLog } from './logger';
import { emitMetric, METRIC, METRICS_NAMESPACE } from './metrics';

/** The JSON lines written to stdout while `work` runs. */
async function linesOf(work: () => Promise<void> | void): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// Lines are written (tests run with QUIZ_SILENT_LOGS=1 elsewhere) and carry a known stage.
const silent = process.env.QUIZ_SILENT_LOGS;
beforeEach(() => {
  delete process.env.QUIZ_SILENT_LOGS;
  process.env.STAGE = 'test';
});
afterEach(() => {
  if (silent !== undefined) process.env.QUIZ_SILENT_LOGS = silent;
});

describe('request-scoped logs', () => {
  it('gives code that was handed no logger the request id and route of the request it serves', async () => {
    const deep = async () => {
      await new Promise((done) => setTimeout(done, 5));
      requestLog().warn('deep in the domain', { quizId: 'q1' });
    };
    const lines = await linesOf(() =>
      Promise.all(
        ['a', 'b', 'c'].map((id) =>
          withRequestLog(createLogger({ requestId: id, route: `GET /api/${id}` }), async () => {
            await deep();
          }),
        ),
      ).then(() => undefined),
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 'warn',
        message: 'deep in the domain',
        service: 'quiz',
        stage: 'test',
      });
      expect(line.route).toBe(`GET /api/${String(line.requestId)}`);
    }
    expect(lines.map((line) => line.requestId).sort()).toEqual(['a', 'b', 'c']);
  });

  it('says so when code logs outside any request', async () => {
    const [line] = await linesOf(() => requestLog().info('at start'));
    expect(line).toMatchObject({ message: 'at start', route: 'none' });
  });

  it('keeps an error with its cause as JSON', async () => {
    const [line] = await linesOf(() =>
      createLogger({ requestId: 'r' }).error('failed', {
        error: new Error('outer', { cause: new Error('inner') }),
      }),
    );
    expect(line!.error).toMatchObject({ name: 'Error', message: 'outer', cause: { message: 'inner' } });
  });
});

describe('business metrics', () => {
  it('writes CloudWatch Embedded Metric Format with the stage as dimension and the request as properties', async () => {
    const [line] = await linesOf(() =>
      withRequestLog(createLogger({ requestId: 'req-1', route: 'POST /api/auth/register' }), () =>
        emitMetric(METRIC.signUps, 1, { via: 'form' }),
      ),
    );
    expect(line).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [['stage']],
            Metrics: [{ Name: 'SignUps', Unit: 'Count' }],
          },
        ],
      },
      stage: 'test',
      service: 'quiz',
      requestId: 'req-1',
      route: 'POST /api/auth/register',
      via: 'form',
      SignUps: 1,
    });
  });
});
