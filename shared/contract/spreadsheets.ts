import { fileDownloadSchema } from '../api';
import { quizIdParamsSchema } from '../quiz-schemas';
import {
  exportQuerySchema,
  importFormSchema,
  importFromUploadSchema,
  importResultSchema,
  SHEET_FORMATS,
  SHEET_MEDIA_TYPES,
} from '../spreadsheets';
import { defineRoute } from './define';

/** A quiz's questions to and from a spreadsheet (issue 30): CSV or XLSX, our columns or Kahoot's template. */
export const spreadsheetsApi = {
  /** A file download (CSV in UTF-8 with a BOM, or XLSX with one sheet) for the quiz's author and administrators. */
  exportQuiz: defineRoute('GET /api/my-quizzes/{id}/export', {
    params: quizIdParamsSchema,
    query: exportQuerySchema,
    response: fileDownloadSchema,
    download: SHEET_FORMATS.map((format) => SHEET_MEDIA_TYPES[format]),
  }),
  /**
   * Reads questions from a file, saving nothing: multipart with the file as part `file`, or JSON
   * naming an upload (`POST /api/ai/uploads` with a .csv or .xlsx name).
   */
  importQuestions: defineRoute('POST /api/quizzes/import', {
    body: importFromUploadSchema,
    form: importFormSchema,
    response: importResultSchema,
  }),
};
