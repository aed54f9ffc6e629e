import type { StudyRecordInput } from '@shared/learning';
import { learningApi } from '@shared/contract/learning';
import { callApi } from '@web/lib/api-client';

/** `POST /api/study/session`: one record per answer for signed-in players; a failure is only logged. */
export function sendStudyRecord(input: StudyRecordInput) {
  callApi(learningApi.studyAnswer, { body: input }).catch((error: unknown) =>
    console.warn('study record not saved', error),
  );
}
