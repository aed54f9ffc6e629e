// `npm test`: every Vitest project, and beside it, one after another at a lower CPU priority, the
// checks that need no emulator: the type check, ESLint and Prettier, `cdk synth` and the web build.
// The test files spend much of their time waiting on DynamoDB Local, sockets and Chromium, so on a
// machine of two cores the checks use what the tests leave (run before the tests, they added about
// three minutes). Vitest writes as it goes; each check's output is printed when it ends. Fails
// when anything failed, and says what.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'synth', 'build'];
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

const checks = (async () => {
  const failed = [];
  for (const script of CHECKS) {
    const { code, output } = await run(script, { quiet: true, nice: true });
    process.stdout.write(
      `\n[npm test] npm run ${script}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} at ${seconds()}\n`,
    );
    if (code !== 0 || script !== 'build')
      process.stdout.write(output.trimEnd() ? `${output.trimEnd()}\n` : '');
    if (code !== 0) failed.push(script);
  }
  return failed;
})();
const tests = run('test:all', { quiet: false, nice: false });

const [failedChecks, { code: testCode }] = await Promise.all([checks, tests]);
const failed = [...failedChecks, ...(testCode === 0 ? [] : ['test:all'])];
process.stdout.write(
  failed.length
    ? `\n[npm test] FAILED after ${seconds()}: ${failed.map((script) => `npm run ${script}`).join(', ')}\n`
    : `\n[npm test] all passed in ${seconds()}: ${[...CHECKS, 'test:all'].join(', ')}\n`,
);
process.exit(failed.length ? 1 : 0);
