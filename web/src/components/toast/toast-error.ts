import { errorMessage } from '@web/lib/api-client';
import { toast } from './toast-store';

/**
 * Shows a failure as a destructive toast: the server's Japanese message when the answer carried
 * one, else `fallback`. Pass `null` as the error where the spec fixes the message whatever the
 * server said (the play page's 結果の保存に失敗しました。).
 */
export function toastError(error: unknown, fallback: string, title = 'エラー'): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
