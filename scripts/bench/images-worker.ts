import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { reencodeQuizImage } from '../../functions/quizzes/quiz-image-processing';

/**
 * The process `npm run bench -- images` measures (images-bench.ts): re-encodes the photo at argv[2]
 * `argv[3]` times, as a quiz save does, and prints one JSON line: each run's milliseconds, the
 * stored picture's size, and the process's peak resident memory.
 */
const photo = readFileSync(process.argv[2]!);
const runs = Number(process.argv[3] ?? 6);
const baselineRssMb = process.memoryUsage.rss() / 2 ** 20;
const times: number[] = [];
let stored = { width: 0, height: 0, bytes: 0 };
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const encoded = await reencodeQuizImage(photo);
  times.push(performance.now() - started);
  stored = { width: encoded.width, height: encoded.height, bytes: encoded.bytes.length };
}
console.log(
  JSON.stringify({ times, stored, baselineRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024 }),
);
