import { quizImagesApi } from '@shared/contract/quiz-images';
import { httpHandler } from '../http';
import { createImageUpload } from '../../quizzes/quiz-image';

/** `POST /api/quizzes/images/uploads`: a presigned POST for one question picture (JPEG/PNG/WebP, ≤ 5 MB, 5 minutes). */
export const handler = httpHandler(quizImagesApi.createUpload, async ({ user, body }) => ({
  status: 201,
  body: await createImageUpload(user.id, body),
}));
