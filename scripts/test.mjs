// `npm test`: every Vitest project, and beside it, in two lanes at a lower CPU priority, the
// checks that need no emulator: the type check, ESLint and Prettier, `cdk synth` and the web build.
// The test files spend much of their time waiting on DynamoDB Local, sockets and Chromium, so on a
// machine of two cores the checks use what the tests leave (run before the tests, they added about
// three minutes). Vitest writes as it goes; each check's output is printed when it ends. Fails
// when anything failed, and says what.
import { spawn } from 'node:child_process';

/**
 * The checks in two lanes, each one after another. At low priority they get what the tests leave;
 * on a machine the tests fill (two runs at once in two clones) they wait for the tests' end, and two
 * lanes then use both cores for them: one lane took 420 s after the tests in that run (lint,
 * `cdk synth` with its bundling of every function, then the build, one at a time).
 */
const LANES = [
  ['synth', 'build'],
  ['typecheck', 'lint'],
];
const CHECKS = LANES.flat();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`, lower in priority when `nice` is there; resolves with its exit code and output. */
function run(script, { quiet, nice }) {
  return new Promise((done) => {
    const args = ['run', script];
    const child =
      nice && process.platform !== 'win32'
        ? spawn('nice', ['-n', '10', npm, ...args], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
        : spawn(npm, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const checks = Promise.all(
  LANES.map(async (lane) => {
    const failed = [];
    for (const script of lane) {
      const { code, output } = await run(script, { quiet: true, nice: true });
      process.stdout.write(
        `\n[npm test] npm run ${script}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} at ${seconds()}\n`,
      );
      if (code !== 0 || script !== 'build')
        process.stdout.write(output.trimEnd() ? `${output.trimEnd()}\n` : '');
      if (code !== 0) failed.push(script);
    }
    return failed;
  }),
).then((lanes) => lanes.flat());
const tests = run('test:all', { quiet: false, nice: false });

const [failedChecks, { code: testCode }] = await Promise.all([checks, tests]);
const failed = [...failedChecks, ...(testCode === 0 ? [] : ['test:all'])];
process.stdout.write(
  failed.length
    ? `\n[npm test] FAILED after ${seconds()}: ${failed.map((script) => `npm run ${script}`).join(', ')}\n`
    : `\n[npm test] all passed in ${seconds()}: ${[...CHECKS, 'test:all'].join(', ')}\n`,
);
process.exit(failed.length ? 1 : 0);
