import { useMutation } from '@tanstack/react-query';
import { focusedStudyApi } from '@shared/contract/focused-study';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { useRefreshFocusedStudy } from './refresh-focused-study';
import { uploadToStorage } from './upload-to-storage';

/** Where an upload stands: bytes sent of all the files, then the server reading them. */
export type UploadStage = { phase: 'sending'; percent: number } | { phase: 'reading' };

/**
 * Files as materials: each goes to storage by presigned POST (up to 10 MB, the bytes sent
 * reported as they go), then `POST /api/focused-study/upload-pdf` names them, and the server
 * reads their text.
 */
export async function uploadMaterials({
  files,
  onStage,
}: {
  files: File[];
  onStage: (stage: UploadStage) => void;
}) {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let done = 0;
  const fileKeys: string[] = [];
  for (const file of files) {
    const ticket = await callApi(focusedStudyApi.createUpload, {
      body: { fileName: file.name, size: file.size },
    });
    await uploadToStorage(ticket, file, (sent) =>
      onStage({ phase: 'sending', percent: Math.round(((done + sent) / total) * 100) }),
    );
    done += file.size;
    fileKeys.push(ticket.key);
  }
  onStage({ phase: 'reading' });
  return callApi(focusedStudyApi.uploadFiles, {
    body: { fileKeys, fileNames: files.map((file) => file.name) },
  });
}

/** Uploads the files; the materials are read again either way. */
export function useUploadMaterials(userId: string) {
  const refresh = useRefreshFocusedStudy(queryKeys.focusedStudy.materials, userId);
  return useMutation({ mutationFn: uploadMaterials, onSettled: () => refresh() });
}
