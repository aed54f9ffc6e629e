import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ImagePlus, Trash2 } from 'lucide-react';
import {
  QUIZ_IMAGE_LIMITS,
  QUIZ_IMAGE_MESSAGES,
  QUIZ_IMAGE_PATH,
  QUIZ_IMAGE_TYPES,
} from '@shared/quiz-images';
import { TextField } from '@web/components/ui/text-field';
import { errorMessage } from '@web/lib/api-client';
import { UPLOAD_FAILED, uploadQuestionImage } from '../api/upload-question-image';
import type { QuizFormValues } from '../quiz-form-values';
import { useCountedUpload } from '../uploads-in-progress';
import '../question-image-field.css';

const m = QUIZ_IMAGE_MESSAGES;

/** Why a chosen file is refused before any upload (the server checks its bytes again). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(QUIZ_IMAGE_TYPES as readonly string[]).includes(file.type)) return m.typeNotAllowed;
  if (file.size > QUIZ_IMAGE_LIMITS.maxBytes) return m.tooLarge;
  if (file.size === 0) return m.notAnImage;
  return undefined;
}

/**
 * A question's picture in the quiz form: choose a file (JPEG, PNG or WebP, 5 MB), watch it upload,
 * see it, describe it (alt text, required), remove it. The form holds `image: { key, alt }`; the
 * preview shows the chosen file itself, or the quiz's stored picture when editing, in a box of a
 * fixed shape so the form does not jump as it loads.
 */
export function QuestionImageField(props: {
  form: UseFormReturn<QuizFormValues>;
  index: number;
  id: (name: string) => string;
}) {
  const { form, index, id } = props;
  const path = `questions.${index}.image` as const;
  const image = form.watch(path);
  const errors = form.formState.errors.questions?.[index]?.image;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ key: string; url: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const inputId = id(`q${index}-image`);
  useCountedUpload(progress !== null);

  // The chosen file's preview lives as long as it is shown; an upload under way stops with the form.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused ?? null);
    if (refused) return;
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const key = await uploadQuestionImage(file, setProgress, controller.signal);
      setPreview({ key, url: URL.createObjectURL(file) });
      form.setValue(path, { key, alt: image?.alt ?? '' }, { shouldDirty: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(
        error instanceof Error && [m.tooLarge, UPLOAD_FAILED].includes(error.message)
          ? error.message
          : errorMessage(error, UPLOAD_FAILED),
      );
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  };

  const src = image
    ? preview?.key === image.key
      ? preview.url
      : image.key.startsWith(QUIZ_IMAGE_PATH.slice(1))
        ? `/${image.key}`
        : undefined
    : undefined;
  const error = problem ?? errors?.key?.message ?? errors?.message;
  const hintId = `${inputId}-hint`;

  return (
    <div className="question-image-field">
      <div className="question-image-field__row">
        {image && (
          <div className="question-image-field__preview">
            {src ? <img src={src} alt="" /> : <span>画像</span>}
          </div>
        )}
        <div className="question-image-field__actions">
          <input
            ref={fileInput}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={QUIZ_IMAGE_TYPES.join(',')}
            disabled={progress !== null}
            aria-describedby={`${hintId}${error ? ` ${inputId}-error` : ''}`}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <label htmlFor={inputId} className="button button--secondary button--small">
            <ImagePlus size={15} aria-hidden />
            {image ? '画像を変更' : '画像を追加'}
          </label>
          {image && progress === null && (
            <button
              type="button"
              className="button button--danger-outline button--small"
              onClick={() => {
                setProblem(null);
                form.setValue(path, null, { shouldDirty: true });
              }}
            >
              <Trash2 size={15} aria-hidden />
              画像を削除
            </button>
          )}
          <p id={hintId} className="field__hint">
            JPEG・PNG・WebP、5MBまで（任意）
          </p>
          {progress !== null && (
            <progress
              className="question-image-field__progress"
              value={progress}
              max={1}
              aria-label={`問題 ${index + 1} の画像をアップロード中`}
            />
          )}
          {error && (
            <p id={`${inputId}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
      {image && (
        <TextField
          id={id(`q${index}-image-alt`)}
          label="画像の説明（代替テキスト）"
          hint="画像が見えない人にも伝わるように、写っているものを書いてください（200文字まで）"
          maxLength={QUIZ_IMAGE_LIMITS.altMax}
          error={errors?.alt?.message}
          {...form.register(`questions.${index}.image.alt`)}
        />
      )}
    </div>
  );
}
