import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudyRun } from '@shared/focused-study';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { studyQuestions } from '../testing/study-questions';
import { useStudyRun } from '../use-study-run';
import { StudyRunPanel } from './study-run-panel';

afterEach(() => vi.unstubAllGlobals());

/** The first three: one of each kind. */
const questions = studyQuestions.slice(0, 3);

/** The server's answer to completing the run: its score and accuracy. */
const completed = (score: number, accuracy: number) =>
  json({
    score,
    totalQuestions: questions.length,
    accuracy,
    questions,
    userAnswers: {},
    results: [],
    completedAt: '2026-01-01T00:05:00Z',
  });
const run: StudyRun = {
  id: 'retry-1',
  questions,
  currentQuestionIndex: 0,
  startedAt: '2026-01-01T00:00:00Z',
};

/** The panel with the page's study-run state, started on `run`. */
function Harness() {
  const study = useStudyRun('u1');
  if (study.state.view === 'none')
    return (
      <button type="button" onClick={() => study.begin(run)}>
        開始
      </button>
    );
  if (study.state.view === 'result') return <p>完了 {study.state.result.score}</p>;
  return <StudyRunPanel study={study} state={study.state} />;
}

const labels = () => [...document.querySelectorAll('.sortable__label')].map((item) => item.textContent);

describe('focused-study run panel', () => {
  it('needs an answer before going on, except for a sort, which is done by keyboard, and sends the answers', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/focused-study/complete-session': () => completed(3, 100),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '開始' }));

    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: /次へ|結果を見る/ });
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /明智光秀/ }));
    expect(next().disabled).toBe(false);
    fireEvent.click(next());

    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /織田信長/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /武田信玄/ }));
    expect(screen.getByRole('checkbox', { name: /武田信玄/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(next());

    // A sort may go on as it is; by keyboard: pick up 明治維新, move it down twice, put it down.
    expect(next().disabled).toBe(false);
    expect(labels()).toEqual(['明治維新', '桶狭間の戦い', '本能寺の変']);
    const handle = screen.getByRole('button', { name: /1番目: 明治維新/ });
    fireEvent.keyDown(handle, { key: ' ' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: ' ' });
    expect(labels()).toEqual(['桶狭間の戦い', '本能寺の変', '明治維新']);
    // Escape puts a picked-up item back where it was.
    const first = screen.getByRole('button', { name: /1番目: 桶狭間の戦い/ });
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(labels()).toEqual(['桶狭間の戦い', '本能寺の変', '明治維新']);

    fireEvent.click(screen.getByRole('button', { name: '結果を見る' }));
    await screen.findByText('完了 3');
    // A first write may ask for the CSRF cookie before it: the completion is the call with a body.
    const completion = calls.find((call) => call.url === '/api/focused-study/complete-session');
    const sent = JSON.parse(String(completion!.init!.body)) as Record<string, unknown>;
    expect(sent).toEqual({
      sessionId: 'retry-1',
      answers: { q1: 'A', q2: ['A', 'C'], q3: ['B', 'C', 'A'] },
      questions,
    });
  });

  it('saves only the answers given as the member goes, the questions of a page-held run once', async () => {
    const { fetchImpl, calls } = fakeFetch({
      '/api/focused-study/sessions/retry-1/progress': () => json({ savedAt: '2026-01-01T00:01:00Z' }),
      '/api/focused-study/complete-session': () => completed(1, 33),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '開始' }));
    const saves = () =>
      calls
        .filter((call) => call.url === '/api/focused-study/sessions/retry-1/progress')
        .map((call) => JSON.parse(String(call.init!.body)) as Record<string, unknown>);
    // Beginning saves nothing: nothing is given yet.
    expect(saves()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /明智光秀/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({ answers: { q1: 'A' }, currentQuestionIndex: 0, questions });
    await screen.findByText(/回答は自動で保存されます/);

    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /聖徳太子/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /聖徳太子/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /武田信玄/ }));
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    // The latest state reaches the server; the sort on screen is not an answer until left.
    await waitFor(() =>
      expect(saves().at(-1)).toEqual({ answers: { q1: 'A', q2: ['C'] }, currentQuestionIndex: 2 }),
    );
    expect(
      saves()
        .slice(1)
        .every((save) => !('questions' in save)),
    ).toBe(true);
    // An empty selection was never sent as an answer.
    expect(saves().some((save) => JSON.stringify(save.answers).includes('[]'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '結果を見る' }));
    await screen.findByText('完了 1');
    const completion = calls.find((call) => call.url === '/api/focused-study/complete-session');
    expect(JSON.parse(String(completion!.init!.body))).toMatchObject({
      answers: { q1: 'A', q2: ['C'], q3: ['A', 'B', 'C'] },
    });
  });
});
