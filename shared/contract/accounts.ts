import {
  adminTokenQuerySchema,
  deleteAccountSchema,
  emailRequestSchema,
  loginResponseSchema,
  loginSchema,
  nicknameChangedSchema,
  nicknameSchema,
  registerSchema,
  registrationLinkSchema,
  resetPasswordSchema,
  signedInSchema,
  tokenQuerySchema,
  verifyEmailSchema,
} from '../accounts';
import { messageSchema } from '../api';
import { currentUserSchema } from '../users';
import { defineRoute } from './define';

/** Sign-in, registration, password reset and the account itself (docs/spec/core-platform.md §2, §7). */
export const accountsApi = {
  me: defineRoute('GET /api/auth/me', { response: currentUserSchema }),
  login: defineRoute('POST /api/auth/login', { body: loginSchema, response: loginResponseSchema }),
  register: defineRoute('POST /api/auth/register', { body: registerSchema, response: signedInSchema }),
  logout: defineRoute('POST /api/auth/logout', { response: messageSchema }),
  emailRegister: defineRoute('POST /api/auth/email-register', {
    body: emailRequestSchema,
    response: messageSchema,
  }),
  verifyToken: defineRoute('GET /api/auth/verify-token', {
    query: tokenQuerySchema,
    response: registrationLinkSchema,
  }),
  verifyEmail: defineRoute('POST /api/auth/verify-email', {
    body: verifyEmailSchema,
    response: signedInSchema,
  }),
  requestPasswordReset: defineRoute('POST /api/auth/request-password-reset', {
    body: emailRequestSchema,
    response: messageSchema,
  }),
  resetPassword: defineRoute('POST /api/auth/reset-password', {
    body: resetPasswordSchema,
    response: messageSchema,
  }),
  verifyAdminToken: defineRoute('GET /api/auth/verify-admin-token', {
    query: adminTokenQuerySchema,
    response: signedInSchema,
  }),
  changeNickname: defineRoute('PATCH /api/user/nickname', {
    body: nicknameSchema,
    response: nicknameChangedSchema,
  }),
  deleteAccount: defineRoute('DELETE /api/user/delete', {
    body: deleteAccountSchema,
    response: messageSchema,
  }),
};
