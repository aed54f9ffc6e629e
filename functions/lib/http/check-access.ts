import { MESSAGES } from '@shared/messages';
import type { AccessLevel } from '../../routes';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { HttpMiddleware, Principal } from './types';

const allows: Record<AccessLevel, (user: Principal | undefined) => boolean | 'signin'> = {
  public: () => true,
  user: (user) => (user ? true : 'signin'),
  membership: (user) => (user ? user.isPro : 'signin'),
  admin: (user) => (user ? user.role === 'admin' : 'signin'),
};

/** Whether `value` names an access level (a deployed function's `HTTP_ROUTE` is checked with it). */
export const isAccessLevel = (value: unknown): value is AccessLevel =>
  typeof value === 'string' && Object.hasOwn(allows, value);

/** The route's access level (route table): 401 for a guest where a member is needed, 403 below the level. */
export const checkAccess: HttpMiddleware = {
  before: (request) => {
    const state = request.context.state;
    const verdict = allows[state.route.access](state.user);
    if (verdict === 'signin') throw new UnauthorizedError();
    if (!verdict)
      throw new ForbiddenError(state.route.access === 'membership' ? MESSAGES.membershipRequired : undefined);
  },
};
