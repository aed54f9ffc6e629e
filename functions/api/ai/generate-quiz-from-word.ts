import { generateFromFile } from '../../ai/file-generation';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/ai/generate-quiz-from-word`: multipart with a `word` part (.docx or .doc), or JSON with an uploaded `fileKey`. */
export const handler = httpHandler({
  route: 'POST /api/ai/generate-quiz-from-word',
  handle: async (request) => ({ body: await generateFromFile(request, 'word') }),
});
