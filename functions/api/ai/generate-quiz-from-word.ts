import { aiApi } from '@shared/contract/ai';
import { generateFromFile } from '../../ai/file-generation';
import { httpHandler } from '../http';
import { fileSource } from './file-source';

/** `POST /api/ai/generate-quiz-from-word`: multipart with a `word` part (.docx or .doc), or JSON with an uploaded `fileKey`. */
export const handler = httpHandler(aiApi.fromWord, async (request) => ({
  body: await generateFromFile(request.user, await fileSource(aiApi.fromWord, request, 'word'), 'word', {
    log: request.log,
    deadline: request.deadline,
  }),
}));
