import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The rooms of the repository are kept by the build, not by habit: each rule below is shown to
 * fire on a file that breaks it (eslint.config.js for imports, the folders' tsconfig.json for the
 * types each runtime may use), so a config edit that silently switches one off fails here.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
// The fixtures' folder is ignored by `eslint .`; the tests lint it on purpose.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

async function lintAs(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('import zones (eslint.config.js)', () => {
  it('refuse a web feature importing another feature, and let it import its own files', async () => {
    expect(
      await lintAs(
        'web/src/features/play/fixture.ts',
        "export { sendProgress } from '@web/lib/api/save-progress';",
      ),
    ).toEqual([]);
    expect(
      await lintAs(
        'web/src/features/play/fixture.ts',
        "export { useAttempt } from '@web/features/play/use-attempt';",
      ),
    ).toEqual([]);
    expect(
      await lintAs(
        'web/src/features/play/fixture.ts',
        "export { useMyQuizDetail } from '@web/features/quizzes/api/get-my-quiz';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lintAs(
        'web/src/features/multiplayer/fixture.ts',
        "export { useQuizForPlay } from '../play/api/get-quiz-for-play';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse web code importing the functions, infra, scripts or tests', async () => {
    for (const from of [
      '@functions/routes',
      '../../../infra/stage-name',
      '../../../scripts/local/ports',
      '../../../tests/support/quiz-input',
    ]) {
      expect(await lintAs('web/src/lib/fixture.ts', `export * from '${from}';`), from).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it('refuse the shared web parts importing a feature or the app, and the app importing nothing it may not', async () => {
    expect(
      await lintAs(
        'web/src/components/fixture.ts',
        "export { useQuizForPlay } from '@web/features/play/api/get-quiz-for-play';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await lintAs('web/src/lib/fixture.ts', "export { routes } from '@web/app/router';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await lintAs(
        'web/src/features/play/fixture.ts',
        "export { AppLayout } from '@web/app/layout/app-layout';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lintAs(
        'web/src/app/fixture.ts',
        "export { useQuizForPlay } from '@web/features/play/api/get-quiz-for-play';",
      ),
    ).toEqual([]);
  });

  it('refuse shared/ importing the web app or the functions', async () => {
    expect(await lintAs('shared/fixture.ts', "export { paths } from '../web/src/config/paths';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await lintAs('shared/fixture.ts', "export { httpRoutes } from '../functions/routes';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuse DynamoDB expressions outside functions/data and the stores (*-store.ts)', async () => {
    const fixture = readFileSync(`${ROOT}/scripts/boundaries/fixtures/domain-expression.ts`, 'utf8');
    for (const domain of ['functions/quizzes/fixture.ts', 'functions/admin/fixture-policy.ts']) {
      const [result] = await eslint.lintText(fixture, { filePath: `${ROOT}/${domain}` });
      expect(
        result?.messages.map((message) => `${message.ruleId}: ${message.message}`),
        domain,
      ).toEqual(
        Array(3).fill(
          "no-restricted-syntax: Write DynamoDB expressions in the entity's store (*-store.ts) or functions/data; keep the rules in *-policy.ts.",
        ),
      );
    }
    for (const allowed of ['functions/quizzes/fixture-store.ts', 'functions/data/fixture.ts'])
      expect(await lintAs(allowed, fixture), allowed).toEqual([]);
  });

  it('refuse a circle of imports (import-x/no-cycle)', async () => {
    const [result] = await eslint.lintFiles([`${ROOT}/scripts/boundaries/fixtures/cycle-a.ts`]);
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });
});

/** The diagnostics of one file type-checked with a folder's tsconfig.json. */
function typeCheckAs(project: string, path: string, code: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}/${project}/tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`${project}/tsconfig.json did not parse`);
  const fileName = `${ROOT}/${path}`;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? code : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, code, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([fileName], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(fileName))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

// Each check builds a whole program (the standard library, @types/node): seconds on a busy machine.
describe('TypeScript projects (each folder its runtime types)', { timeout: 300_000 }, () => {
  const dom = 'export const title = document.title;\n';
  const node =
    "import { readFileSync } from 'node:fs';\nexport const env = process.env.X ?? readFileSync('x');\n";

  it('give web/ the DOM and not Node', () => {
    expect(typeCheckAs('web', 'web/src/lib/fixture.ts', dom)).toEqual([]);
    expect(typeCheckAs('web', 'web/src/lib/fixture.ts', node).join('\n')).toMatch(/node:fs|process/);
  });

  it.each(['functions', 'scripts', 'infra'])('give %s/ Node and not the DOM', (folder) => {
    expect(typeCheckAs(folder, `${folder}/fixture.ts`, node)).toEqual([]);
    expect(typeCheckAs(folder, `${folder}/fixture.ts`, dom).join('\n')).toMatch(/document/);
  });

  it('give shared/ neither', () => {
    expect(typeCheckAs('shared', 'shared/fixture.ts', dom).join('\n')).toMatch(/document/);
    expect(typeCheckAs('shared', 'shared/fixture.ts', node).join('\n')).toMatch(/node:fs|process/);
    expect(typeCheckAs('shared', 'shared/fixture.ts', 'export const n: number = 1;\n')).toEqual([]);
  });
});
