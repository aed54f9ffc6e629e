import * as z from 'zod';
import { LIMITS } from './constants';
import { currentUserSchema } from './users';
import { hasHiddenCharacters, isBlank } from './visible-text';
import { ACCOUNT_MESSAGES } from './account-messages';

/**
 * Account forms and payloads (docs/spec/core-platform.md §5 "Accounts", docs/spec/multiplayer-membership-study.md §5
 * "Password reset"). The web forms and the functions validate with these same schemas; their
 * messages are in `shared/account-messages.ts`.
 */
const m = ACCOUNT_MESSAGES;

/**
 * A required text field: missing, not a string and blank (spaces or invisible characters only)
 * all give the same message.
 */
const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((text) => !isBlank(text), message);

const username = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .normalize('NFKC')
    .min(1, required)
    .min(LIMITS.usernameMinLength, m.usernameMin)
    .max(30, m.usernameMax)
    // No spaces, and no invisible or control characters (zero-width, bidi overrides, variation
    // selectors, fillers) that would let one name imitate another.
    .regex(/^[^\s\p{C}]+$/u, m.usernameChars)
    .refine((name) => !hasHiddenCharacters(name, { emoji: false }), m.usernameChars);

const nickname = (required: string) =>
  requiredText(required)
    .max(LIMITS.nicknameMaxLength, m.nicknameMax)
    .refine((name) => !hasHiddenCharacters(name), m.nicknameChars);

const email = (required: string) =>
  requiredText(required).toLowerCase().pipe(z.email(m.emailInvalid).max(254, m.emailInvalid));

/** The password rule in one sentence: the hint beside every field that sets a password. */
export const PASSWORD_RULE_HINT = '8文字以上で、大文字・小文字・数字・記号をそれぞれ1文字以上含めてください';

/**
 * A password someone chooses (registration, e-mail registration, password reset): 8+ characters
 * with upper case, lower case, digit and symbol.
 */
const strongPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(LIMITS.passwordMinLength, m.passwordMin)
    .max(128, m.passwordMax)
    .regex(/[A-Z]/, m.passwordUpper)
    .regex(/[a-z]/, m.passwordLower)
    .regex(/[0-9]/, m.passwordDigit)
    .regex(/[^A-Za-z0-9]/, m.passwordSymbol);

export const loginSchema = z.object({
  username: z
    .string({ error: m.usernameRequired })
    .trim()
    .min(1, m.usernameRequired)
    .max(30, m.usernameMax)
    .normalize('NFKC'),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.passwordMax),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: username(m.registerRequired),
  nickname: nickname(m.registerRequired),
  email: email(m.registerRequired),
  password: strongPassword(m.registerRequired),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const emailRequestSchema = z.object({ email: email(m.emailRequired) });
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;

export const tokenQuerySchema = z.object({ token: requiredText(m.tokenRequired).max(200, m.tokenInvalid) });

/** `GET /api/auth/verify-admin-token?token=`: the link from the administrator sign-in e-mail. */
export const adminTokenQuerySchema = z.object({
  token: z
    .string({ error: m.adminTokenMissing })
    .trim()
    .min(1, m.adminTokenMissing)
    .max(200, m.adminTokenInvalid),
});

export const verifyEmailSchema = z
  .object({
    token: requiredText(m.tokenRequired).max(200, m.tokenInvalid),
    username: username(m.usernameMin),
    nickname: nickname(m.nicknameRequired),
    password: strongPassword(m.passwordMin),
    confirmPassword: z.string({ error: m.passwordMismatch }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: m.passwordMismatch,
    path: ['confirmPassword'],
  });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/**
 * Password reset: the registration rule, with the registration's messages (issue 26, docs/decisions.md overrules the
 * spec's 6 characters for this form: docs/decisions.md); an empty field has the form's own message.
 */
export const resetPasswordSchema = z
  .object({
    token: requiredText(m.resetTokenMissing).max(200, m.tokenInvalid),
    password: strongPassword(m.resetAllRequired),
    confirmPassword: z.string({ error: m.resetAllRequired }).min(1, m.resetAllRequired),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: m.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const nicknameSchema = z.object({ nickname: nickname(m.nicknameRequired) });

export const deleteAccountSchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.passwordMax),
});

/** `POST /api/auth/login` answer: the member, or (administrators) a confirmation e-mail sent first. */
export const loginResponseSchema = z.object({
  user: currentUserSchema.nullable(),
  needsEmailVerification: z.boolean(),
  message: z.string(),
});

/** A new or newly signed-in member (registration, e-mail registration, administrator sign-in). */
export const signedInSchema = z.object({ user: currentUserSchema, message: z.string() });

/** `GET /api/auth/verify-token`: the address a still-valid registration link was sent to. */
export const registrationLinkSchema = z.object({ valid: z.literal(true), email: z.string() });

/** `PATCH /api/user/nickname`. */
export const nicknameChangedSchema = z.object({ user: currentUserSchema });
