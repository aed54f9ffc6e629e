import { useMutation } from '@tanstack/react-query';
import { spreadsheetsApi } from '@shared/contract/spreadsheets';
import type { ImportResult } from '@shared/spreadsheets';
import { callApi } from '@web/lib/api-client';

/**
 * A CSV or XLSX file's questions and row errors (`POST /api/quizzes/import`): the file goes in
 * the multipart form (it is at most 1 MB), and nothing is saved.
 */
export function importQuestions(file: File): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return callApi(spreadsheetsApi.importQuestions, { body });
}

export function useImportQuestions() {
  return useMutation({ mutationFn: importQuestions });
}
