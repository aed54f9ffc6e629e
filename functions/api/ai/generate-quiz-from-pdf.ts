import { generateFromFile } from '../../ai/file-generation';
import { httpHandler } from '../../lib/http-handler';

/** `POST /api/ai/generate-quiz-from-pdf`: multipart with a `pdf` part, or JSON with an uploaded `fileKey`. */
export const handler = httpHandler({
  route: 'POST /api/ai/generate-quiz-from-pdf',
  handle: async (request) => ({ body: await generateFromFile(request, 'pdf') }),
});
