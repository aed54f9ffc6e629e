import type { z } from 'zod';
import { MESSAGES } from '@shared/messages';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/** JSON values equal in content, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The answer as the contract describes it. Everywhere, a field the schema does not list is left
 * out (the schema is the allowlist of what leaves the server) and an answer that does not match
 * is a logged 500. On the local and test stages an answer carrying fields the schema does not
 * list is a 500 too, so a schema that has fallen behind its handler fails the tests.
 */
export function checkAnswer(schema: z.ZodType, body: unknown, config: Config, log: Logger): unknown {
  const result = schema.safeParse(body);
  if (!result.success) {
    log.error('answer does not match its contract', { issues: result.error.issues.slice(0, 5) });
    throw new AppError(500, MESSAGES.serverError);
  }
  if (config.isLocal) {
    const sent = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    const described = result.data === undefined ? undefined : JSON.parse(JSON.stringify(result.data));
    if (!sameJson(sent, described)) {
      log.error('answer has fields its contract does not list', { sent, described });
      throw new AppError(500, MESSAGES.serverError);
    }
  }
  return result.data;
}
