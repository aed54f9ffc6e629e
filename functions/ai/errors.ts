import { AI_MESSAGES } from '@shared/ai';
import { AppError } from '../lib/errors';

/** The AI service is busy or throttling: try again later (nothing was used up). */
export class AiBusyError extends AppError {
  constructor() {
    super(503, AI_MESSAGES.aiBusy);
  }
}

/** The generator could not produce a valid quiz (message: the spec's failure message of the call). */
export class GenerationFailedError extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** The material cannot be used: no text in it, too little to ask about, or a damaged file. */
export class UnusableMaterialError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
