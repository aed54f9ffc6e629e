import { useMutation, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { StudySettingsChanges } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `PUT /api/focused-study/settings`. */
export const updateSettings = (changes: StudySettingsChanges) =>
  callApi(focusedStudyApi.updateSettings, { body: changes });

/** Saves the changes; the answer (the settings as they now are) replaces the cached settings. */
export function useUpdateSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.focusedStudy.settings(userId), settings),
  });
}
