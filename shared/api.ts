/** Error body of every API answer that is not OK (ARCHITECTURE §4). */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/** Cookie names shared by the functions and the web app. */
export const COOKIE_NAMES = {
  session: 'sid',
  csrf: 'csrf_token',
  /** A browser that has signed in to an account before (sign-in lock exemption, OWASP device cookie). */
  device: 'did',
} as const;

export const CSRF_HEADER = 'X-CSRF-Token';

/** Methods that never change state and so need no CSRF token. */
export const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'TRACE'] as const;
