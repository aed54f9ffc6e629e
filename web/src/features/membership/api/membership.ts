import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/pro`: isPro, status, expiresAt, message. */
export const proStatusQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.membership(userId), queryFn: () => callApi(membershipApi.status) });

export function useProStatus(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...proStatusQuery(userId), enabled: options.enabled ?? true });
}

/** After any change the status and the signed-in user (its isPro: navigation, quotas) are read again. */
export function useRefreshMembership(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.membership(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ]);
}

/** `POST /api/stripe/create-checkout-session`: the URL of the payment page the browser goes to. */
export function useStartCheckout() {
  return useMutation({ mutationFn: () => callApi(membershipApi.createCheckoutSession) });
}

/** `GET /api/stripe/check-payment/{sessionId}`. */
export const checkPayment = (sessionId: string) =>
  callApi(membershipApi.checkPayment, { params: { sessionId } });

/** `POST /api/user/upgrade-pro`. */
export const upgradeToPro = () => callApi(membershipApi.upgrade);

/** `POST /api/user/cancel-pro` and `POST /api/user/resume-pro`, then the status read again. */
export function useMembershipChange(userId: string, change: 'cancel' | 'resume') {
  const refresh = useRefreshMembership(userId);
  return useMutation({
    mutationFn: () => callApi(change === 'cancel' ? membershipApi.cancel : membershipApi.resume),
    onSettled: () => refresh(),
  });
}
