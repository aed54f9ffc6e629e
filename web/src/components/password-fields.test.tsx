import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_HINT } from '@shared/accounts';
import { PasswordFields } from './password-fields';

type Values = { password: string; confirmPassword: string };

/** The fields in a form of their own, as the registration and reset pages hold them. */
function Form(props: {
  label?: string;
  twice?: boolean;
  errors?: { password?: string; confirmation?: string };
  invalid?: boolean;
  onSubmit?: (values: Values) => void;
}) {
  const form = useForm<Values>({ defaultValues: { password: '', confirmPassword: '' } });
  return (
    <form onSubmit={(event) => void form.handleSubmit((values) => props.onSubmit?.(values))(event)}>
      <PasswordFields
        {...(props.label ? { label: props.label } : {})}
        password={form.register('password')}
        passwordError={props.errors?.password}
        {...(props.invalid ? { passwordInvalid: true } : {})}
        {...(props.twice ? { confirmation: form.register('confirmPassword') } : {})}
        confirmationError={props.errors?.confirmation}
      />
      <button type="submit">送信</button>
    </form>
  );
}

describe('PasswordFields', () => {
  it('asks once, as a new password with the rule under it', () => {
    render(<Form />);
    const password = screen.getByLabelText('パスワード');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(PASSWORD_RULE_HINT).id).toBe(password.getAttribute('aria-describedby'));
    expect(screen.queryByLabelText('パスワード（確認）')).toBeNull();
  });

  it('asks twice under the form’s label, and hands both values to the form', async () => {
    const sent: Values[] = [];
    render(<Form label="新しいパスワード" twice onSubmit={(values) => sent.push(values)} />);
    await userEvent.type(screen.getByLabelText('新しいパスワード'), 'Abcdef#1');
    await userEvent.type(screen.getByLabelText('新しいパスワード（確認）'), 'Abcdef#2');
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(sent).toEqual([{ password: 'Abcdef#1', confirmPassword: 'Abcdef#2' }]);
    expect(screen.getByLabelText('新しいパスワード（確認）').getAttribute('autocomplete')).toBe(
      'new-password',
    );
  });

  it('says each field’s error under it and marks that field invalid', () => {
    render(<Form twice errors={{ confirmation: 'パスワードが一致しません' }} />);
    const confirmation = screen.getByLabelText('パスワード（確認）');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('パスワードが一致しません');
    expect(screen.getByLabelText('パスワード').getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the password invalid when its message is said elsewhere', () => {
    render(<Form invalid />);
    expect(screen.getByLabelText('パスワード').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
