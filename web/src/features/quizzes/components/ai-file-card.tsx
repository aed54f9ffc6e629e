import type { RefObject } from 'react';
import { Upload } from 'lucide-react';
import { UPLOAD_ACCEPT } from '@shared/ai';
import type { AiField, AiGeneration } from '../use-ai-generation';
import { GenerateButton } from './generate-button';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))}KB`
    : `${(bytes / 1024 / 1024).toFixed(1)}MB`;

/**
 * ファイルから生成（PDF・Word）: the file input (hidden behind a button-styled label, the chosen
 * file's name and size beside it) and its button. A file refused on choice is cleared at once.
 */
export function AiFileCard(props: {
  ai: AiGeneration;
  idPrefix: string;
  fieldId: (field: AiField) => string;
  fileInput: RefObject<HTMLInputElement | null>;
  onClearFile: () => void;
  disabled: boolean;
  onGenerate: () => void;
}) {
  const { ai, idPrefix } = props;
  const inputId = props.fieldId('file');
  const { file } = ai.draft;
  const error = ai.errors.file;
  const describedBy = [`${idPrefix}-file-name`, `${inputId}-hint`, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <section className="ai-card" aria-labelledby={`${idPrefix}-file-title`}>
      <h3 id={`${idPrefix}-file-title`} className="ai-card__title">
        <Upload size={18} aria-hidden />
        ファイルから生成（PDF・Word）
      </h3>
      <div className="field">
        <div className="ai-file">
          <input
            ref={props.fileInput}
            id={inputId}
            className="visually-hidden ai-file__input"
            type="file"
            accept={UPLOAD_ACCEPT}
            disabled={ai.pending}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              if (!ai.chooseFile(event.target.files?.[0] ?? null)) props.onClearFile();
            }}
          />
          <label htmlFor={inputId} className="button button--secondary button--small ai-file__button">
            <Upload size={15} aria-hidden />
            ファイルを選択
          </label>
          <span id={`${idPrefix}-file-name`} className={`ai-file__name${file ? ' is-chosen' : ''}`}>
            {file ? `${file.name}（${fileSize(file.size)}）` : '選択されていません'}
          </span>
        </div>
        <p id={`${inputId}-hint`} className="field__hint">
          PDF・Word（.pdf、.doc、.docx）に対応、最大10MBまで
        </p>
        {error && (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="ai-card__actions">
        <GenerateButton
          pending={ai.filePending}
          disabled={props.disabled}
          label="ファイルを解析して生成"
          pendingLabel="解析中..."
          onClick={props.onGenerate}
        />
      </div>
    </section>
  );
}
