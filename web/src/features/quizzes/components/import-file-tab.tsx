import { useId, useRef, useState } from 'react';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import type { QuestionInput } from '@shared/quiz-schemas';
import {
  SHEET_ACCEPT,
  SHEET_COLUMNS,
  SHEET_LIMITS,
  SHEET_MESSAGES,
  sheetFormatOf,
  type ImportResult,
  type ImportRowError,
} from '@shared/spreadsheets';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { saveBlob } from '@web/lib/download';
import { useImportQuestions } from '../api/import-questions';
import { ImportErrorList } from './import-error-list';
import '../ai.css';
import '../spreadsheets.css';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))}KB`
    : `${(bytes / 1024 / 1024).toFixed(1)}MB`;

/** What is wrong with a chosen file before it is sent (the server checks again, by its bytes). */
function fileProblem(file: File): string | null {
  if (!sheetFormatOf(file.name)) return SHEET_MESSAGES.fileTypeNotAllowed;
  if (file.size === 0) return SHEET_MESSAGES.fileEmpty;
  if (file.size > SHEET_LIMITS.fileMaxBytes) return SHEET_MESSAGES.fileTooLarge;
  return null;
}

/** A CSV of our columns with one example row, made in the page: what a new sheet should look like. */
function downloadTemplate() {
  const rows = [
    [...SHEET_COLUMNS],
    ['日本でいちばん高い山は？', '富士山', '北岳', '奥穂高岳', '槍ヶ岳', 'A', '富士山の標高は3776mです。'],
  ];
  const text = rows.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\r\n');
  saveBlob(new Blob([`\ufeff${text}\r\n`], { type: 'text/csv;charset=utf-8' }), 'クイズのテンプレート.csv');
}

/**
 * 「ファイルから読み込む」: a CSV or Excel file of questions (our export's columns, or Kahoot's
 * template) read by the server, nothing saved. The result says how many questions it holds and
 * lists every row it could not read; `onLoad` puts the questions into the form.
 */
export function ImportFileTab(props: {
  disabled: boolean;
  onLoad: (questions: readonly QuestionInput[], errors: readonly ImportRowError[], fileName: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ fileName: string; value: ImportResult } | null>(null);
  const importing = useImportQuestions();

  const choose = (chosen: File | null) => {
    setResult(null);
    importing.reset();
    const found = chosen && fileProblem(chosen);
    setProblem(found || null);
    setFile(found ? null : chosen);
    if (found && input.current) input.current.value = '';
  };
  const read = () => {
    if (!file) return setProblem(SHEET_MESSAGES.fileRequired);
    importing.mutate(file, { onSuccess: (value) => setResult({ fileName: file.name, value }) });
  };
  const error =
    problem ?? (importing.error ? errorMessage(importing.error, 'ファイルを読み込めませんでした') : null);
  const describedBy = [`${id}-name`, `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="sheet-import">
      <section className="ai-card" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="ai-card__title">
          <FileSpreadsheet size={18} aria-hidden />
          スプレッドシートから読み込む
        </h3>
        <div className="field">
          <div className="ai-file">
            <input
              ref={input}
              id={`${id}-file`}
              className="visually-hidden ai-file__input"
              type="file"
              accept={SHEET_ACCEPT}
              disabled={importing.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <label htmlFor={`${id}-file`} className="button button--secondary button--small ai-file__button">
              <Upload size={15} aria-hidden />
              ファイルを選択
            </label>
            <span id={`${id}-name`} className={`ai-file__name${file ? ' is-chosen' : ''}`}>
              {file ? `${file.name}（${fileSize(file.size)}）` : '選択されていません'}
            </span>
          </div>
          <p id={`${id}-hint`} className="field__hint">
            CSV・Excel（.csv、.xlsx）に対応、最大{SHEET_LIMITS.fileMaxBytes / 1024 / 1024}MB・
            {SHEET_LIMITS.rowsMax}行まで。見出し行に「{SHEET_COLUMNS.join('・')}
            」を入れてください（正解はA〜Dまたは1〜4）。Kahootのテンプレートもそのまま読み込めます。
          </p>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="sheet-import__actions">
          <button type="button" className="link-button sheet-import__template" onClick={downloadTemplate}>
            <Download size={15} aria-hidden />
            テンプレート（CSV）をダウンロード
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={props.disabled || !file || importing.isPending}
            aria-busy={importing.isPending || undefined}
            onClick={read}
          >
            {importing.isPending ? <Spinner inline size={16} /> : <Upload size={16} aria-hidden />}
            {importing.isPending ? '読み込み中...' : 'ファイルを読み込む'}
          </button>
        </div>
      </section>
      {result && (
        <section className="ai-card sheet-result" aria-labelledby={`${id}-result`} aria-live="polite">
          <h3 id={`${id}-result`} className="ai-card__title">
            {result.value.questions.length > 0
              ? `${result.value.questions.length}問を読み込めました`
              : '読み込める問題がありませんでした'}
          </h3>
          <ImportErrorList errors={result.value.errors} />
          <div className="ai-card__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={props.disabled || result.value.questions.length === 0}
              onClick={() => props.onLoad(result.value.questions, result.value.errors, result.fileName)}
            >
              {result.value.questions.length}問をフォームに入れる
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
