import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `PUT /api/focused-study/saved-question-sets/{setId}`: a set's title and description. */
export const updateSet = ({
  setId,
  title,
  description,
}: {
  setId: string;
  title: string;
  description: string;
}) => callApi(focusedStudyApi.updateSet, { params: { setId }, body: { title, description } });

/** Renames or redescribes a set; the saved sets are read again. */
export function useUpdateSet(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: updateSet,
    onSuccess: () => refresh(),
  });
}
