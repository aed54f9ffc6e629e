import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';

/** `GET /api/stripe/check-payment/{sessionId}`. */
export const checkPayment = (sessionId: string) =>
  callApi(membershipApi.checkPayment, { params: { sessionId } });
