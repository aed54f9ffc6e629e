import { aiApi } from '@shared/contract/ai';
import { generateFromFile } from '../../ai/file-generation';
import { httpHandler } from '../http';
import { fileSource } from './file-source';

/** `POST /api/ai/generate-quiz-from-pdf`: multipart with a `pdf` part, or JSON with an uploaded `fileKey`. */
export const handler = httpHandler(aiApi.fromPdf, async (request) => ({
  body: await generateFromFile(request.user, await fileSource(aiApi.fromPdf, request, 'pdf'), 'pdf', {
    log: request.log,
    deadline: request.deadline,
  }),
}));
