import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHEET_MESSAGES, type ImportResult } from '@shared/spreadsheets';
import { fakeFetch, json, renderWithProviders } from '@web/testing/render';
import { ImportFileTab } from './import-file-tab';
import { ImportErrorList } from './import-error-list';
import { QuizExportMenu } from './quiz-export-menu';

afterEach(() => vi.unstubAllGlobals());

const imported: ImportResult = {
  questions: [
    {
      questionText: '日本でいちばん長い川は？',
      optionA: '信濃川',
      optionB: '利根川',
      optionC: null,
      optionD: null,
      correctAnswer: 'A',
      explanation: null,
    },
  ],
  errors: [
    { row: 4, column: '正解', message: '正解を入力してください' },
    { row: 4, column: '選択肢B', message: '選択肢Bは必須です' },
  ],
};

function setUp(answer: () => Response = () => json(imported)) {
  const fake = fakeFetch({ '/api/quizzes/import': answer });
  vi.stubGlobal('fetch', fake.fetchImpl);
  const onLoad = vi.fn();
  renderWithProviders(<ImportFileTab disabled={false} onLoad={onLoad} />);
  const input = screen.getByLabelText('ファイルを選択');
  return { ...fake, onLoad, input };
}

describe('ImportFileTab', () => {
  it('refuses a file that is not CSV or Excel, or over 1 MB, before sending it', () => {
    const { input, calls } = setUp();
    fireEvent.change(input, { target: { files: [new File(['x'], 'memo.txt')] } });
    expect(screen.getByRole('alert').textContent).toBe(SHEET_MESSAGES.fileTypeNotAllowed);
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe(SHEET_MESSAGES.fileTooLarge);
    expect((screen.getByRole('button', { name: 'ファイルを読み込む' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls).toEqual([]);
  });

  it('sends the file as the multipart part `file`, shows the count and each bad row, and loads the questions', async () => {
    const { input, calls, onLoad } = setUp();
    const file = new File(['問題文,選択肢A'], '地理.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'ファイルを読み込む' }));
    expect(await screen.findByRole('heading', { name: '1問を読み込めました' })).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/quizzes/import')!.init!.body as FormData;
    expect((sent.get('file') as File).name).toBe('地理.csv');
    const errors = screen.getByRole('group', { name: '読み込めなかった行' });
    expect(within(errors).getByText('1行を読み込めませんでした')).toBeTruthy();
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4行目・正解正解を入力してください', '4行目・選択肢B選択肢Bは必須です']);
    fireEvent.click(screen.getByRole('button', { name: '1問をフォームに入れる' }));
    expect(onLoad).toHaveBeenCalledWith(imported.questions, imported.errors, '地理.csv');
  });

  it("shows the server's message when it refuses the file", async () => {
    const { input } = setUp(() => json({ message: SHEET_MESSAGES.noHeader }, 400));
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'a.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'ファイルを読み込む' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SHEET_MESSAGES.noHeader));
  });
});

describe('ImportErrorList', () => {
  it('is nothing without errors, and offers 閉じる when it can be dismissed', () => {
    const onDismiss = vi.fn();
    const { container, rerender } = renderWithProviders(<ImportErrorList errors={[]} />);
    expect(container.textContent).toBe('');
    rerender(<ImportErrorList errors={imported.errors} onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});

describe('QuizExportMenu', () => {
  it('downloads the chosen format under the name the server gives', async () => {
    const fake = fakeFetch({
      '/api/my-quizzes/q1/export?format=xlsx': () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: {
            'content-disposition': `attachment; filename="quiz-q1.xlsx"; filename*=UTF-8''${encodeURIComponent('日本の城')}.xlsx`,
          },
        }),
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const created: HTMLAnchorElement[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:quiz', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this);
    });
    renderWithProviders(<QuizExportMenu quiz={{ id: 'q1', title: '日本の城' }} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: '「日本の城」の書き出し' }), {
      button: 0,
      ctrlKey: false,
    });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel（.xlsx）' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.download).toBe('日本の城.xlsx');
    expect(fake.calls[0]!.url).toBe('/api/my-quizzes/q1/export?format=xlsx');
    click.mockRestore();
  });
});
