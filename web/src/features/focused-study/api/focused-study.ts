import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import type {
  CompleteSessionInput,
  SessionProgressInput,
  StudyQuestion,
  StudySettings,
  StudySettingsChanges,
  StudyAnswer,
} from '@shared/focused-study';
import { callApi } from '@web/lib/api-client';
import { uploadToStorage } from './upload';
import { queryKeys } from '@web/lib/query-keys';

export function useMaterials(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.materials(userId),
    queryFn: () => callApi(focusedStudyApi.materials),
  });
}

export function useStudySettings(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.settings(userId),
    queryFn: () => callApi(focusedStudyApi.settings),
  });
}

export function useLatestSession(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.latest(userId),
    queryFn: () => callApi(focusedStudyApi.latestSession),
  });
}

export function useSavedSets(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.savedSets(userId),
    queryFn: () => callApi(focusedStudyApi.savedSets),
  });
}

export function useReviewQueue(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.reviews(userId),
    queryFn: () => callApi(focusedStudyApi.reviewQueue),
  });
}

function useRefresh(key: (userId: string) => readonly unknown[], userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key(userId) });
}

/** Upload progress: bytes sent of all the files, then the server reading them. */
export type UploadProgress = { phase: 'sending'; percent: number } | { phase: 'reading' };

/**
 * Files as materials: each goes to storage by presigned POST (up to 10 MB, with progress), then
 * `POST /api/focused-study/upload-pdf` names them, and the server reads their text.
 */
export function useUploadMaterials(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: async ({
      files,
      onProgress,
    }: {
      files: File[];
      onProgress: (progress: UploadProgress) => void;
    }) => {
      const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
      let done = 0;
      const fileKeys: string[] = [];
      for (const file of files) {
        const ticket = await callApi(focusedStudyApi.createUpload, {
          body: { fileName: file.name, size: file.size },
        });
        await uploadToStorage(ticket, file, (sent) =>
          onProgress({ phase: 'sending', percent: Math.round(((done + sent) / total) * 100) }),
        );
        done += file.size;
        fileKeys.push(ticket.key);
      }
      onProgress({ phase: 'reading' });
      return callApi(focusedStudyApi.uploadFiles, {
        body: { fileKeys, fileNames: files.map((file) => file.name) },
      });
    },
    onSettled: () => refresh(),
  });
}

export function useAddText(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: (text: string) => callApi(focusedStudyApi.addText, { body: { text } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteMaterial(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.materials, userId);
  return useMutation({
    mutationFn: (id: string) => callApi(focusedStudyApi.deleteMaterial, { params: { id } }),
    onSettled: () => refresh(),
  });
}

export function useUpdateSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: StudySettingsChanges) => callApi(focusedStudyApi.updateSettings, { body: changes }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.focusedStudy.settings(userId), settings),
  });
}

/** The server's starts: today's questions, new questions, or a review. */
export type StartKind = 'start' | 'new' | 'review';

/**
 * Starting a session uses an AI generation: the usage figure is refreshed either way, and so is
 * the unfinished session (the new one, or one another tab started that the server answered 409 for).
 * `replacing` names the unfinished session the member chose to discard (「新しく始める」).
 */
export function useStartSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, replacing }: { kind: StartKind; replacing?: string }) =>
      callApi(
        kind === 'start'
          ? focusedStudyApi.startSession
          : kind === 'new'
            ? focusedStudyApi.generateNewQuestions
            : focusedStudyApi.startReviewSession,
        { body: replacing ? { replacing } : {} },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.aiUsage(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}

/** The session left unfinished (after a reload, or on another device), or null. */
export function useUnfinishedSession(userId: string) {
  return useQuery({
    queryKey: queryKeys.focusedStudy.unfinished(userId),
    queryFn: () => callApi(focusedStudyApi.unfinishedSession),
  });
}

/**
 * Saves the answers given so far and the question reached (the session hook sends one at a time,
 * so it is a plain call rather than a mutation whose calls could overtake each other).
 */
export const saveSessionProgress = (sessionId: string, body: SessionProgressInput) =>
  callApi(focusedStudyApi.saveProgress, { params: { sessionId }, body });

/** Ends an unfinished session early, or discards it before a page-held one begins. */
export function useDiscardSession(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.unfinished, userId);
  return useMutation({
    mutationFn: (sessionId: string) => callApi(focusedStudyApi.discardSession, { params: { sessionId } }),
    onSettled: () => refresh(),
  });
}

export function useStartSavedSession(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: (setId: string) => callApi(focusedStudyApi.startSavedSession, { params: { setId } }),
    onSuccess: () => refresh(),
  });
}

export function useCompleteSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      sessionId: string;
      answers: Record<string, StudyAnswer>;
      questions?: StudyQuestion[];
    }) => callApi(focusedStudyApi.completeSession, { body: input satisfies CompleteSessionInput }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.latest(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.reviews(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.focusedStudy.unfinished(userId) }),
      ]),
  });
}

export function useSaveSet(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: (input: {
      title: string;
      description: string;
      difficulty: StudySettings['difficulty'];
      questions: StudyQuestion[];
    }) => callApi(focusedStudyApi.saveSet, { body: input }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateSet(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: ({ setId, title, description }: { setId: string; title: string; description: string }) =>
      callApi(focusedStudyApi.updateSet, { params: { setId }, body: { title, description } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteSet(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: (setId: string) => callApi(focusedStudyApi.deleteSet, { params: { setId } }),
    onSettled: () => refresh(),
  });
}

export function useFavoriteSet(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: ({ setId, isFavorite }: { setId: string; isFavorite: boolean }) =>
      callApi(focusedStudyApi.favoriteSet, { params: { setId }, body: { isFavorite } }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateSetQuestion(userId: string) {
  const refresh = useRefresh(queryKeys.focusedStudy.savedSets, userId);
  return useMutation({
    mutationFn: ({
      setId,
      question,
    }: {
      setId: string;
      question: Pick<StudyQuestion, 'id' | 'text' | 'options' | 'explanation'>;
    }) =>
      callApi(focusedStudyApi.updateSetQuestion, {
        params: { setId, questionId: question.id },
        body: { text: question.text, options: question.options, explanation: question.explanation },
      }),
    onSuccess: () => refresh(),
  });
}
