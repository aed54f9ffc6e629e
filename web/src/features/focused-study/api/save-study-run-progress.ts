import { focusedStudyApi } from '@shared/contract/focused-study';
import type { RunProgressInput } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';

/**
 * `PUT /api/focused-study/sessions/{sessionId}/progress`: the answers given so far and the
 * question reached (the study-run hook sends one at a time, so it is a plain call rather than a
 * mutation whose calls could overtake each other).
 */
export const saveStudyRunProgress = (sessionId: string, body: RunProgressInput) =>
  callApi(focusedStudyApi.saveProgress, { params: { sessionId }, body });
