import type { StudyRecordInput } from '@shared/progress';
import { progressApi } from '@shared/contract/progress';
import { callApi } from '@web/lib/api-client';

/** `POST /api/study/session`: one record per answer for signed-in players; a failure is only logged. */
export function sendStudyRecord(input: StudyRecordInput) {
  callApi(progressApi.studyAnswer, { body: input }).catch((error: unknown) =>
    console.warn('study record not saved', error),
  );
}
