import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA built once for the e2e project's files (what CloudFront serves). */
    webDist: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The e2e project's global setup: builds the web app once into a temporary folder, which every
 * e2e file's stack serves as the built SPA (the file that checks Vite's development server starts
 * one, with a dependency cache of its own). The files run side by side.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'quiz-e2e-web-'));
  // In a process of its own, as `npm run build` runs it: inside vitest NODE_ENV is `test`, and
  // Vite would build React's development runtime instead of what ships.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(ROOT, 'web/vite.config.ts'),
      '--outDir',
      directory,
      '--emptyOutDir',
      '--sourcemap',
      'false',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 },
  );
  project.provide('webDist', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}
