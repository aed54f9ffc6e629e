import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import { SHEET_LIMITS, SHEET_MESSAGES } from '@shared/spreadsheets';
import { BadRequestError } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { importQuestions, type SheetSource } from '../../spreadsheets/spreadsheet';
import { httpHandler } from '../http';
import type { RequestFor } from '../../lib/http/types';

/** The file: the multipart part `file`, or the upload the JSON body names. */
async function sheetSource(
  request: RequestFor<typeof spreadsheetsApi.importQuestions, unknown>,
): Promise<SheetSource> {
  if (request.body) return { fileKey: request.body.fileKey };
  if (!request.rawBody) throw new BadRequestError(SHEET_MESSAGES.fileRequired);
  const form = await readMultipart(request.rawBody, request.headers['content-type'] ?? '', {
    filePart: 'file',
    maxFileBytes: SHEET_LIMITS.fileMaxBytes,
    malformedMessage: SHEET_MESSAGES.fileRequired,
    tooLargeMessage: SHEET_MESSAGES.fileTooLarge,
  });
  if (!form.file) throw new BadRequestError(SHEET_MESSAGES.fileRequired);
  return { file: form.file };
}

/** `POST /api/quizzes/import`: a CSV or XLSX file's questions and row errors, nothing saved. */
export const handler = httpHandler(spreadsheetsApi.importQuestions, async (request) => ({
  body: await importQuestions(request.user, await sheetSource(request)),
}));
