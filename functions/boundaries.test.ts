import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of functions/ are kept by the lint (eslint.config.js), not by habit: each zone is
 * shown firing on a small file placed where the rule applies, and staying quiet where it does not.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

/** The messages `no-restricted-imports` gives `source` linted as if it were the file at `filePath`. */
async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('functions/ layers', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('keeps DynamoDB out of the domain: its failures are recognised by functions/data/errors.ts', async () => {
    expect(
      await restricted(
        'functions/quizzes/quiz-policy.ts',
        "import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';",
      ),
    ).toEqual([expect.stringContaining('functions/data/errors.ts')]);
    expect(
      await restricted('functions/users/user.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';"),
    ).toEqual([expect.stringContaining('functions/data')]);
  });

  it('lets the stores and functions/data speak DynamoDB, the stores through the data helpers', async () => {
    const client = "import type { AttributeValue } from '@aws-sdk/client-dynamodb';";
    expect(await restricted('functions/quizzes/quiz-store.ts', client)).toEqual([]);
    expect(await restricted('functions/data/errors.ts', client)).toEqual([]);
    expect(
      await restricted('functions/data/db.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';"),
    ).toEqual([]);
    expect(
      await restricted(
        'functions/quizzes/quiz-store.ts',
        "import { GetCommand } from '@aws-sdk/lib-dynamodb';",
      ),
    ).toEqual([expect.stringContaining('transactWrite')]);
  });

  it('keeps DynamoDB out of the handlers too: they call the domain', async () => {
    expect(
      await restricted(
        'functions/api/quizzes/create.ts',
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('functions/api/quizzes/create.ts', "import { createQuiz } from '../../quizzes/quiz';"),
    ).toEqual([]);
  });

  it('never lets the domain, its stores or the data layer import the handlers', async () => {
    for (const [filePath, source] of [
      ['functions/quizzes/quiz.ts', "import { handler } from '../api/quizzes/create';"],
      ['functions/ai/evaluation/run.ts', "import { handler } from '../../api/ai/generate';"],
      ['functions/multiplayer/game.ts', "import { wsHandler } from '../ws/handler';"],
      ['functions/users/user-store.ts', "import { handler } from '@functions/api/user/profile';"],
      ['functions/data/db.ts', "import { handler } from '../ws/connect';"],
    ]) {
      expect(await restricted(filePath!, source!), filePath).toEqual([
        expect.stringContaining('never imports the handlers'),
      ]);
    }
    expect(
      await restricted('functions/quizzes/quiz.ts', "import { QUIZ_MESSAGES } from '@shared/api';"),
    ).toEqual([]);
  });
});
