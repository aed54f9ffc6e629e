import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASSROOM_MESSAGES } from '@shared/classroom';
import { hanako } from '@web/testing/members';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { ClassGameButton } from './class-game-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setUp(answer: () => Response) {
  document.cookie = 'csrf_token=token';
  const fake = fakeFetch({ '/api/classroom/games': answer });
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderWithProviders(
    <Routes>
      <Route
        path="/quiz/q1"
        element={<ClassGameButton quiz={{ id: 'q1', title: '日本の地理' }} user={hanako} />}
      />
      <Route path="/classroom/:gameId" element={<p>ホスト画面</p>} />
    </Routes>,
    { route: '/quiz/q1' },
  );
  return fake;
}

describe('クラスで出題', () => {
  it('opens a game with the settings chosen and goes to the host’s screen', async () => {
    const fake = setUp(() =>
      json({ gameId: 'g1', pin: '123456', joinUrl: 'https://x/join?pin=123456' }, 201),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '「日本の地理」をクラスで出題' }));
    const time = await screen.findByLabelText('1問の回答時間');
    expect((time as HTMLSelectElement).value).toBe('20');
    expect(Array.from((time as HTMLSelectElement).options, (option) => option.value)).toHaveLength(23);
    expect((screen.getByLabelText('最大人数') as HTMLSelectElement).value).toBe('100');
    await user.selectOptions(time, '30');
    await user.selectOptions(screen.getByLabelText('最大人数'), '40');
    await user.click(screen.getByLabelText('問題をランダムな順番で出題する'));
    await user.click(screen.getByRole('button', { name: 'ゲームを開く' }));
    expect(await screen.findByText('ホスト画面')).toBeTruthy();
    const call = fake.calls.find((entry) => entry.url === '/api/classroom/games');
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({
      quizId: 'q1',
      timePerQuestion: 30,
      maxPlayers: 40,
      randomOrder: true,
      showQuestionText: false,
    });
  });

  it('says the server’s refusal in Japanese', async () => {
    setUp(() => json({ message: CLASSROOM_MESSAGES.tooManyGames }, 429));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '「日本の地理」をクラスで出題' }));
    await user.click(await screen.findByRole('button', { name: 'ゲームを開く' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CLASSROOM_MESSAGES.tooManyGames));
  });
});
