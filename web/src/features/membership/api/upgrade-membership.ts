import { membershipApi } from '@shared/contract/membership';
import { callApi } from '@web/lib/api-client';

/** `POST /api/user/upgrade-pro`. */
export const upgradeMembership = () => callApi(membershipApi.upgrade);
