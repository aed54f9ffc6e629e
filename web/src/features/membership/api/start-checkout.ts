import { useMutation } from '@tanstack/react-query';
import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';

/** `POST /api/stripe/create-checkout-session`: the URL of the payment page the browser goes to. */
export const startCheckout = () => callApi(membershipApi.createCheckoutSession);

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
