import { createContext, useContext, useEffect } from 'react';

/**
 * The quiz form's count of pictures still uploading: the form waits for them before it saves (a
 * picture whose upload is under way would otherwise be saved without, silently).
 */
export const UploadsInProgress = createContext<((change: 1 | -1) => void) | null>(null);

/** Counts this field's upload in the form's while `uploading`. */
export function useCountedUpload(uploading: boolean) {
  const count = useContext(UploadsInProgress);
  useEffect(() => {
    if (!uploading || !count) return;
    count(1);
    return () => count(-1);
  }, [uploading, count]);
}
