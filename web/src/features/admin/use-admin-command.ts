import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { useAdminAction } from './api/run-admin-action';

type AdminRequest = Parameters<ReturnType<typeof useAdminAction>['mutate']>[0];

/**
 * An administrator's action with its outcome shown: the server's Japanese answer (or `success`,
 * where the screen says more) as a success toast, or the server's message (else `failure`) as an
 * error toast. Every admin list refreshes after a success.
 */
export function useAdminCommand() {
  const action = useAdminAction();
  const run = (
    request: AdminRequest,
    messages: { success?: string; failure: string },
    onSuccess?: () => void,
  ) =>
    action.mutate(request, {
      onSuccess: (answer) => {
        toast({ title: messages.success ?? answer.message, variant: 'success' });
        onSuccess?.();
      },
      onError: (error) => toastError(error, messages.failure),
    });
  return { run, pending: action.isPending };
}
