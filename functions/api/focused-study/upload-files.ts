import { FOCUSED_STUDY, FOCUSED_STUDY_MESSAGES } from '@shared/focused-study';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { checkAttemptRate } from '../../ai/usage';
import { BadRequestError } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { addFileMaterials, type MaterialFiles } from '../../focused-study/material';
import { httpHandler } from '../http';

/** Extractions asked for per member and minute (each takes the AI worker). */
const UPLOADS_PER_MINUTE = 20;

/**
 * `POST /api/focused-study/upload-pdf`: the spec's multipart form with a repeated `pdfs` file
 * field (bodies up to 4 MB), or JSON naming files uploaded by presigned POST (up to 10 MB each).
 */
export const handler = httpHandler(focusedStudyApi.uploadFiles, async (request) => {
  await checkAttemptRate(request.user.id, 'study-upload-read', UPLOADS_PER_MINUTE);
  let source: MaterialFiles;
  if (request.body) source = request.body;
  else {
    if (!request.rawBody) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.filesRequired);
    const form = await readMultipart(request.rawBody, request.headers['content-type'] ?? '', {
      filePart: 'pdfs',
      maxFiles: FOCUSED_STUDY.filesPerUpload,
      maxFileBytes: FOCUSED_STUDY.uploadMaxBytes,
      malformedMessage: FOCUSED_STUDY_MESSAGES.filesRequired,
      tooManyMessage: FOCUSED_STUDY_MESSAGES.tooManyFiles,
      tooLargeMessage: FOCUSED_STUDY_MESSAGES.fileTooLarge,
    });
    if (form.files.length === 0) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.filesRequired);
    source = { files: form.files };
  }
  const materials = await addFileMaterials(request.user.id, source, {
    log: request.log,
    deadline: request.deadline,
  });
  return { status: 201, body: { materials, message: FOCUSED_STUDY_MESSAGES.uploaded } };
});
