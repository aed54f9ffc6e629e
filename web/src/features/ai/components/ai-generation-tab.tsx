import { useEffect, useId, useRef, type RefObject } from 'react';
import { FileText, Sparkles, Upload } from 'lucide-react';
import { UPLOAD_ACCEPT } from '@shared/ai';
import { DIFFICULTIES, LIMITS, type Difficulty } from '@shared/constants';
import { Spinner } from '@web/components/ui/spinner';
import { useCategories } from '@web/features/categories/api/get-categories';
import { useAiUsage, type AiGenerationResult } from '../api/ai';
import { AI_FIELDS, type AiErrors, type AiField, type AiGeneration } from '../use-ai-generation';
import '../ai.css';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))}KB`
    : `${(bytes / 1024 / 1024).toFixed(1)}MB`;

/**
 * The AI tab of the creation dialog (core-platform §2, §4, §5): today's usage, the settings
 * (questions 1–20, difficulty, category), generation from pasted text or from a PDF or Word file,
 * and the generated quiz with its load and discard buttons. The state lives in `useAiGeneration`.
 */
export function AiGenerationTab({
  userId,
  ai,
  onLoad,
}: {
  userId: string;
  ai: AiGeneration;
  onLoad: (result: AiGenerationResult) => void;
}) {
  const usage = useAiUsage(userId);
  const categories = useCategories();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldId = (field: AiField) => `${id}-${field}`;
  const { draft, errors, pending } = ai;
  const exhausted = usage.data?.canUse === false;

  // A result that arrives while the tab is open takes focus (not one already held when it opens).
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const seenResult = useRef(ai.result);
  useEffect(() => {
    if (ai.result && ai.result !== seenResult.current) resultHeading.current?.focus();
    seenResult.current = ai.result;
  }, [ai.result]);

  /** Moves focus to the first field with a message, so a keyboard or screen-reader user lands on it. */
  const focusFirst = (found: AiErrors | null) => {
    const first = found && AI_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const describedBy = (field: AiField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (field: AiField) =>
    errors[field] && (
      <p id={`${fieldId(field)}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );
  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="ai-tab">
      <UsageCard usage={usage} />

      {ai.result && (
        <ResultCard
          result={ai.result}
          headingRef={resultHeading}
          pending={pending}
          onLoad={onLoad}
          onDiscard={() => {
            clearFileInput();
            ai.discard();
          }}
        />
      )}

      <fieldset className="ai-card ai-settings" disabled={pending}>
        <legend className="ai-card__title">生成の設定</legend>
        <div className="ai-settings__grid">
          <div className="field">
            <label className="field__label" htmlFor={fieldId('numQuestions')}>
              問題数
            </label>
            <input
              id={fieldId('numQuestions')}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={LIMITS.aiQuestionsMin}
              max={LIMITS.aiQuestionsMax}
              value={draft.numQuestions}
              aria-invalid={errors.numQuestions ? true : undefined}
              aria-describedby={describedBy('numQuestions', true)}
              onChange={(event) => ai.update('numQuestions', event.target.value)}
            />
            <p id={`${fieldId('numQuestions')}-hint`} className="field__hint">
              {LIMITS.aiQuestionsMin}〜{LIMITS.aiQuestionsMax}問
            </p>
            {error('numQuestions')}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={fieldId('difficulty')}>
              難易度
            </label>
            <select
              id={fieldId('difficulty')}
              className="field__input"
              value={draft.difficulty}
              onChange={(event) => ai.update('difficulty', event.target.value as Difficulty)}
            >
              {DIFFICULTIES.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={fieldId('category')}>
              カテゴリ
            </label>
            <select
              id={fieldId('category')}
              className="field__input"
              value={draft.category}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy('category')}
              onChange={(event) => ai.update('category', event.target.value)}
            >
              <option value="">カテゴリを選択</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.name}>
                  {category.name}
                </option>
              ))}
            </select>
            {error('category')}
          </div>
        </div>
      </fieldset>

      <section className="ai-card" aria-labelledby={`${id}-text-title`}>
        <h3 id={`${id}-text-title`} className="ai-card__title">
          <FileText size={18} aria-hidden />
          テキストから生成
        </h3>
        <div className="field">
          <label className="field__label" htmlFor={fieldId('text')}>
            問題の元になる文章
          </label>
          <textarea
            id={fieldId('text')}
            className="field__input"
            rows={6}
            value={draft.text}
            placeholder="教科書やノート、記事などの文章を貼り付けてください"
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describedBy('text', true)}
            onChange={(event) => ai.update('text', event.target.value)}
          />
          <p id={`${fieldId('text')}-hint`} className="field__hint">
            {draft.text.trim().length.toLocaleString('ja-JP')}文字（{LIMITS.aiTextMinLength}文字以上）
          </p>
          {error('text')}
        </div>
        <div className="ai-card__actions">
          <GenerateButton
            pending={ai.textPending}
            disabled={pending || exhausted}
            label="テキストから生成"
            pendingLabel="生成中..."
            onClick={() => focusFirst(ai.generateFromText())}
          />
        </div>
      </section>

      <section className="ai-card" aria-labelledby={`${id}-file-title`}>
        <h3 id={`${id}-file-title`} className="ai-card__title">
          <Upload size={18} aria-hidden />
          ファイルから生成（PDF・Word）
        </h3>
        <div className="field">
          <div className="ai-file">
            <input
              ref={fileInput}
              id={fieldId('file')}
              className="visually-hidden ai-file__input"
              type="file"
              accept={UPLOAD_ACCEPT}
              disabled={pending}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={[`${id}-file-name`, describedBy('file', true)].filter(Boolean).join(' ')}
              onChange={(event) => {
                if (!ai.chooseFile(event.target.files?.[0] ?? null)) clearFileInput();
              }}
            />
            <label
              htmlFor={fieldId('file')}
              className="button button--secondary button--small ai-file__button"
            >
              <Upload size={15} aria-hidden />
              ファイルを選択
            </label>
            <span id={`${id}-file-name`} className={`ai-file__name${draft.file ? ' is-chosen' : ''}`}>
              {draft.file ? `${draft.file.name}（${fileSize(draft.file.size)}）` : '選択されていません'}
            </span>
          </div>
          <p id={`${fieldId('file')}-hint`} className="field__hint">
            PDF・Word（.pdf、.doc、.docx）に対応、最大10MBまで
          </p>
          {error('file')}
        </div>
        <div className="ai-card__actions">
          <GenerateButton
            pending={ai.filePending}
            disabled={pending || exhausted}
            label="ファイルを解析して生成"
            pendingLabel="解析中..."
            onClick={() => focusFirst(ai.generateFromFile())}
          />
        </div>
      </section>
    </div>
  );
}

function GenerateButton(props: {
  pending: boolean;
  disabled: boolean;
  label: string;
  pendingLabel: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={props.disabled}
      aria-busy={props.pending || undefined}
      onClick={props.onClick}
    >
      {props.pending ? <Spinner inline size={16} /> : <Sparkles size={16} aria-hidden />}
      {props.pending ? props.pendingLabel : props.label}
    </button>
  );
}

/** Today's remaining generations and when they come back (00:00 Japan time). */
function UsageCard({ usage }: { usage: ReturnType<typeof useAiUsage> }) {
  const exhausted = usage.data?.canUse === false;
  return (
    <div className={`ai-usage${exhausted ? ' is-full' : ''}`} role="status">
      <Sparkles size={20} aria-hidden className="ai-usage__icon" />
      {usage.isPending ? (
        <p>AIの使用状況を確認しています...</p>
      ) : usage.isError ? (
        <p>AIの使用状況を取得できませんでした。</p>
      ) : (
        <div>
          <p className="ai-usage__count">
            本日の残り回数: {usage.data.remaining} / {usage.data.total}回
          </p>
          <p className="ai-usage__note">
            {exhausted ? '本日の上限に達しました。' : ''}
            <time dateTime={usage.data.resetAt}>明日 0:00（日本時間）</time>
            {exhausted ? 'にリセットされます。' : 'に回数がリセットされます。'}
          </p>
        </div>
      )}
    </div>
  );
}

/** The generated quiz: title, description, question count; load it into the form or discard it. */
function ResultCard(props: {
  result: AiGenerationResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
  pending: boolean;
  onLoad: (result: AiGenerationResult) => void;
  onDiscard: () => void;
}) {
  const { quiz, settings } = props.result;
  const titleId = useId();
  return (
    <section className="ai-result" aria-labelledby={titleId}>
      <p className="ai-result__eyebrow">
        <Sparkles size={16} aria-hidden />
        生成されたクイズ
      </p>
      <h3 id={titleId} ref={props.headingRef} tabIndex={-1} className="ai-result__title">
        {quiz.title}
      </h3>
      <p className="ai-result__description">{quiz.description || '説明なし'}</p>
      <p className="ai-result__meta">
        <span className="pill pill--category">{settings.category}</span>
        <span className="pill">{settings.difficulty}</span>
        <span>{quiz.questions.length}問</span>
      </p>
      {quiz.provider === 'offline' && (
        <p className="ai-result__provider">オフライン生成（文章中の用語から穴埋め問題を作成）</p>
      )}
      <div className="ai-result__actions">
        <button type="button" className="button button--secondary" onClick={props.onDiscard}>
          破棄
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={props.pending}
          onClick={() => props.onLoad(props.result)}
        >
          編集フォームに読み込む
        </button>
      </div>
    </section>
  );
}
