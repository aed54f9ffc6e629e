import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type { StudyQuestion } from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';

/** `PUT /api/focused-study/saved-question-sets/{setId}/questions/{questionId}`: one question of a set, edited in its preview. */
export const updateSetQuestion = ({
  setId,
  question,
}: {
  setId: string;
  question: Pick<StudyQuestion, 'id' | 'text' | 'options' | 'explanation'>;
}) =>
  callApi(focusedStudyApi.updateSetQuestion, {
    params: { setId, questionId: question.id },
    body: { text: question.text, options: question.options, explanation: question.explanation },
  });

/** Saves one question's edit; the saved sets are read again. */
export function useUpdateSetQuestion(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: updateSetQuestion,
    onSuccess: () => refresh(),
  });
}
