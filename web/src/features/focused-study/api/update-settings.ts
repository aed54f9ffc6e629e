import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { StudySettingsChanges } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `PUT /api/focused-study/settings`: the answer is the settings as they now are. */
export function useUpdateSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: StudySettingsChanges) => callApi(focusedStudyApi.updateSettings, { body: changes }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.focusedStudy.settings(userId), settings),
  });
}
