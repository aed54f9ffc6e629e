import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `POST /api/focused-study/add-text`: pasted text as a material. */
export const addText = (text: string) => callApi(focusedStudyApi.addText, { body: { text } });

/** Adds the text, then the materials are read again. */
export function useAddText(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: addText,
    onSuccess: () => refresh(),
  });
}
