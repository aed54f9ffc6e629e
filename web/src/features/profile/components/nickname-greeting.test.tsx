import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { NicknameGreeting } from './nickname-greeting';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 'u1', username: 'taro', nickname: 'たろう', email: null, isAdmin: false, isPro: false };

describe('NicknameGreeting', () => {
  it('moves the focus into the field and back to the pencil, and says why 保存 waits', async () => {
    const fake = fakeFetch({
      '/api/user/nickname': () => json({ user: { ...user, nickname: 'はなこ' } }),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    renderWithProviders(<NicknameGreeting user={user} />);
    const typing = userEvent.setup();
    await typing.click(screen.getByRole('button', { name: 'ニックネームを編集' }));
    const field = screen.getByRole('textbox', { name: 'ニックネーム' });
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'あ'.repeat(21) } });
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.nicknameMax);
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true);

    await typing.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ニックネームを編集' }));

    await typing.click(screen.getByRole('button', { name: 'ニックネームを編集' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'ニックネーム' }), { target: { value: 'はなこ' } });
    await typing.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ニックネームを編集' })),
    );
  });
});
