import { membershipApi } from '@shared/contract/membership';
import { resume } from '../../membership/membership';
import { httpHandler } from '../http';

/** `POST /api/user/resume-pro`: undoes a cancellation, or restarts an ended subscription on the same card. */
export const handler = httpHandler(membershipApi.resume, async ({ user, log }) => ({
  body: await resume(user, log),
}));
