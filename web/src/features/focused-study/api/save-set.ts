import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { StudyQuestion, StudySettings } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `POST /api/focused-study/save-question-set`: a study run's questions kept as a set. */
export const saveSet = (input: {
  title: string;
  description: string;
  difficulty: StudySettings['difficulty'];
  questions: StudyQuestion[];
}) => callApi(focusedStudyApi.saveSet, { body: input });

/** Saves the set; the saved sets are read again. */
export function useSaveSet(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: saveSet,
    onSuccess: () => refresh(),
  });
}
