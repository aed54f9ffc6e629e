import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { noisyPhoto } from '../../tests/support/images';

/**
 * `npm run bench -- images`: re-encoding a question's picture (functions/quizzes/quiz-image-processing.ts)
 * from a camera-like 5 MB JPEG of 4000 × 3000 with EXIF and GPS, in a process of its own (so its
 * peak memory is the processing's, not the bench's): the first run (sharp and libvips loading),
 * then warm runs, and the process's peak resident memory. Budgets from issue 30: ≤ 1.5 s warm,
 * ≤ 300 MB.
 */
const BUDGETS = { warmMs: 1500, peakRssMb: 300 };
const WARM_RUNS = 5;

interface Row {
  measure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

export async function benchQuizImages(): Promise<Row[]> {
  const folder = mkdtempSync(join(tmpdir(), 'images-bench-'));
  try {
    const photo = await noisyPhoto();
    const file = join(folder, 'photo.jpg');
    writeFileSync(file, photo);
    const { width, height } = await sharp(photo).metadata();
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'images-worker.ts'), file, String(1 + WARM_RUNS)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const measured = JSON.parse(output.trim().split('\n').at(-1)!) as {
      times: number[];
      stored: { width: number; height: number; bytes: number };
      baselineRssMb: number;
      peakRssMb: number;
    };
    const [first, ...warm] = measured.times;
    const sorted = [...warm].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const worst = sorted.at(-1)!;
    const photoMb = (photo.length / 2 ** 20).toFixed(2);
    return [
      {
        measure: `images: the photo (${width} × ${height} JPEG, EXIF+GPS)`,
        value: `${photoMb} MB → WebP ${measured.stored.width} × ${measured.stored.height}, ${(measured.stored.bytes / 1024).toFixed(0)} KB`,
        budget: '',
        ok: null,
      },
      {
        measure: 'images: first run (sharp loading)',
        value: `${first!.toFixed(0)} ms`,
        budget: '',
        ok: null,
      },
      {
        measure: `images: warm, median / worst of ${WARM_RUNS}`,
        value: `${median.toFixed(0)} / ${worst.toFixed(0)} ms`,
        budget: `≤ ${BUDGETS.warmMs} ms`,
        ok: worst <= BUDGETS.warmMs,
      },
      {
        measure: 'images: peak RSS of the process (before: node alone)',
        value: `${measured.peakRssMb.toFixed(0)} MB (${measured.baselineRssMb.toFixed(0)} MB)`,
        budget: `≤ ${BUDGETS.peakRssMb} MB`,
        ok: measured.peakRssMb <= BUDGETS.peakRssMb,
      },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
