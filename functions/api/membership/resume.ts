import { membershipApi } from '@shared/contract/membership';
import { limitPaymentCalls, resume } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/user/resume-pro`: undoes a cancellation, or restarts an ended subscription on the same card. */
export const handler = httpHandler(membershipApi.resume, async ({ user, log }) => {
  await limitPaymentCalls(user.id);
  return { body: await resume(user, log) };
});
