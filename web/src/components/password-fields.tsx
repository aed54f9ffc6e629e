import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_RULE_HINT } from '@shared/accounts';
import { TextField } from '@web/components/ui/text-field';

/**
 * A new password with the rule under it, and, where the form asks for it twice, its confirmation
 * (「…（確認）」): registration, the mailed registration link and the password reset choose one
 * the same way. Both fields are `new-password`, so a password manager offers to generate one.
 */
export function PasswordFields(props: {
  /** 「パスワード」 (the default) or 「新しいパスワード」. */
  label?: string;
  placeholder?: string;
  password: UseFormRegisterReturn;
  passwordError?: string | undefined;
  /** The field is marked invalid while its message is said elsewhere (registration's one sentence above the form). */
  passwordInvalid?: boolean;
  /** The second field; left out, the form asks once. */
  confirmation?: UseFormRegisterReturn;
  confirmationError?: string | undefined;
}) {
  const label = props.label ?? 'パスワード';
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={props.placeholder}
        hint={PASSWORD_RULE_HINT}
        error={props.passwordError}
        {...props.password}
        {...(props.passwordInvalid ? { 'aria-invalid': true } : {})}
      />
      {props.confirmation && (
        <TextField
          label={`${label}（確認）`}
          type="password"
          autoComplete="new-password"
          error={props.confirmationError}
          {...props.confirmation}
        />
      )}
    </>
  );
}
