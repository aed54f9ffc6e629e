import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, withWebSocketOrigin } from './security-headers';

/** The sources of a directive of a policy. */
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('Content-Security-Policy connect-src', () => {
  it("names only the app's own origin, its WebSocket endpoint and the materials bucket", () => {
    const policy = withWebSocketOrigin(
      contentSecurityPolicy({ materialsOrigin: 'https://quiz-materials.s3.ap-northeast-1.amazonaws.com' }),
      'wss://quiz.example.jp',
    );
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'wss://quiz.example.jp',
      'https://quiz-materials.s3.ap-northeast-1.amazonaws.com',
    ]);
  });

  it('allows no whole scheme anywhere (a script injected into the page could send what it reads anywhere)', () => {
    const policy = contentSecurityPolicy({
      materialsOrigin: 'http://127.0.0.1:4569',
      webSocketOrigin: 'ws://localhost:3000',
    });
    for (const part of policy.split('; '))
      expect(part.split(' ').slice(1), part).not.toContainEqual(expect.stringMatching(/^(https?|wss?):$/));
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'ws://localhost:3000',
      'http://127.0.0.1:4569',
    ]);
  });
});
