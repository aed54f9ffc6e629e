import type { AiSettings, GeneratedQuiz } from '../../shared/ai';
import type { GeneratedStudyQuestion, StudyGenerationRequest } from './study-generator';

/**
 * What the function and the AI worker (extraction-worker.ts, run by ai-worker.ts) say to each
 * other. Kept apart from both, so the function's bundle does not take in the worker's code.
 */
export type FileFormat = 'pdf' | 'docx' | 'doc';

/** What the worker is asked to do. */
export type WorkerJob =
  | {
      task: 'extract';
      format: FileFormat;
      bytes: Uint8Array;
      /** Longest text handed back; the rest of a long document is not used. */
      maxChars: number;
    }
  | { task: 'generate'; settings: AiSettings; material: string }
  | { task: 'study'; request: StudyGenerationRequest };

/** A job as sent to the worker: its id comes back with every reply. */
export interface WorkerRequest {
  id: number;
  job: WorkerJob;
}

/**
 * How a job ended: text, a quiz, focused-study questions, material the generator cannot use (its
 * message), or a failure.
 */
export type WorkerOutcome =
  | { text: string }
  | { quiz: GeneratedQuiz }
  | { studyQuestions: GeneratedStudyQuestion[] }
  | { unusable: string }
  | { failure: string };

/**
 * `loaded`: the code the job needs is loaded, so its deadline starts (loading a parser or the
 * dictionary is not work an input can make longer); then the outcome.
 */
export type WorkerReply = { id: number } & ({ loaded: true } | WorkerOutcome);

/** The argument the worker process is started with, so importing its module elsewhere does nothing. */
export const AI_WORKER_ARG = 'quiz-ai-worker';
