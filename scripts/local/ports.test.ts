import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { onFreePort } from './ports';

describe('onFreePort', () => {
  it('starts again on another port when the one chosen was taken before the server bound it', async () => {
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      // The first port is taken by someone else in between, as another stack or a connection can.
      const squatter = tried.length === 1 ? await listen(port) : undefined;
      try {
        return await listen(port);
      } finally {
        squatter?.close();
      }
    });
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    server.close();
  });

  it('does not try again for any other failure, nor more than three times', async () => {
    expect(await attemptsFailingWith('java not found')).toBe(1);
    expect(await attemptsFailingWith('Failed to bind to /127.0.0.1:1')).toBe(3);
  });
});

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

/** How many times `onFreePort` tries a start that always fails with `message` before it gives up. */
async function attemptsFailingWith(message: string) {
  let calls = 0;
  await expect(
    onFreePort(async () => {
      calls += 1;
      throw new Error(message);
    }),
  ).rejects.toThrow(message);
  return calls;
}
