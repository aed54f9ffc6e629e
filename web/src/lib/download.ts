/** The name the server gives the file (`filename*`, RFC 5987), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  try {
    return encoded ? decodeURIComponent(encoded) : fallback;
  } catch {
    return fallback;
  }
}

/** Saves `blob` as a download named `fileName` (the browser's own save, through a link's click). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is let go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves a file the API answered (read through the API helper, so a refusal is an error to show,
 * not a saved error page) under the server's name, else `fallback`.
 */
export async function saveResponse(response: Response, fallback: string): Promise<void> {
  saveBlob(await response.blob(), fileNameOf(response, fallback));
}
