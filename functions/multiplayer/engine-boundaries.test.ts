import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The engine's pure modules stay pure: the rules, the messages and the room's policy import
 * nothing that reaches a table, a queue, a socket or the handler layer (docs/multiplayer.md, "The
 * engine"). Only these imports are allowed; anything else fails here, before it reaches a review.
 */
const PURE: Record<string, readonly string[]> = {
  'rules.ts': [
    'zod',
    '@shared/multiplayer',
    '@shared/socket-protocol',
    '@shared/constants',
    './errors',
    './room',
  ],
  'messages.ts': ['@shared/multiplayer', '@shared/socket-protocol', './room', './rules'],
  'room.ts': [
    'node:crypto',
    '@shared/multiplayer',
    '@shared/socket-protocol',
    '@shared/constants',
    '../lib/random-token',
  ],
  'errors.ts': ['@shared/multiplayer'],
};

/** The modules `source` imports (static, type-only and dynamic imports alike). */
function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

describe('the engine’s pure modules', () => {
  for (const [file, allowed] of Object.entries(PURE))
    it(`${file} imports only ${allowed.join(', ')}`, () => {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      expect(importsOf(source).filter((name) => !allowed.includes(name))).toEqual([]);
    });

  it('catches a store, a client or the handler layer imported into a rule', () => {
    const fixture = [
      "import { getRoom } from './room-store';",
      "import type { Logger } from '../lib/logger';",
      "import { SendMessageCommand } from '@aws-sdk/client-sqs';",
      "const later = await import('./fan-out');",
    ].join('\n');
    expect(importsOf(fixture).filter((name) => !PURE['rules.ts']!.includes(name))).toEqual([
      './room-store',
      '../lib/logger',
      '@aws-sdk/client-sqs',
      './fan-out',
    ]);
  });
});
