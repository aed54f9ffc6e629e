import { useRef, useState, type FormEvent } from 'react';
import { FileText, FileType, Trash2, Type, Upload } from 'lucide-react';
import { UPLOAD_ACCEPT, uploadKindOf } from '@shared/ai';
import { FOCUSED_STUDY, FOCUSED_STUDY_MESSAGES, type StudyMaterial } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { TextAreaField } from '@web/components/ui/text-field';
import { formatDay } from '@web/lib/format-date';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useConfirmDelete } from '@web/components/ui/use-confirm-delete';
import { useUploadMaterials, type UploadStage } from '../api/upload-materials';
import { useAddText } from '../api/add-text';
import { useDeleteMaterial } from '../api/delete-material';
import { StudyMeter } from './study-meter';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))}KB`
    : `${(bytes / 1024 / 1024).toFixed(1)}MB`;

const KIND_ICON = { pdf: FileText, word: FileType, text: Type } as const;
const KIND_LABEL = { pdf: 'PDF', word: 'Word', text: 'テキスト' } as const;

/**
 * The materials tab (docs/spec/multiplayer-membership-study.md §2, §5): files (PDF, .doc, .docx, up to 10 MB each; other files are dropped
 * with a warning) uploaded with a progress bar, pasted text (at least 10 characters), and the list.
 */
export function MaterialsTab(props: { userId: string; materials: StudyMaterial[] }) {
  return (
    <div className="study-tab">
      <div className="study-columns">
        <UploadCard userId={props.userId} />
        <TextCard userId={props.userId} />
      </div>
      <MaterialList userId={props.userId} materials={props.materials} />
    </div>
  );
}

function UploadCard({ userId }: { userId: string }) {
  const upload = useUploadMaterials(userId);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [stage, setStage] = useState<UploadStage | null>(null);

  const choose = (chosen: File[]) => {
    const accepted = chosen.filter(
      (file) =>
        uploadKindOf(file.name) !== null && file.size > 0 && file.size <= FOCUSED_STUDY.uploadMaxBytes,
    );
    const dropped = chosen.filter((file) => !accepted.includes(file));
    if (dropped.length)
      toast({
        title: '一部のファイルを除外しました',
        description: `${dropped.map((file) => file.name).join('、')}：PDF、Word(.doc、.docx)の10MBまでのファイルのみアップロードできます`,
        variant: 'destructive',
      });
    const kept = accepted.slice(0, FOCUSED_STUDY.filesPerUpload);
    if (accepted.length > kept.length)
      toast({
        title: 'ファイルが多すぎます',
        description: FOCUSED_STUDY_MESSAGES.tooManyFiles,
        variant: 'destructive',
      });
    setFiles(kept);
  };

  const submit = () => {
    if (files.length === 0) return;
    setStage({ phase: 'sending', percent: 0 });
    upload.mutate(
      { files, onStage: setStage },
      {
        onSuccess: (answer) => {
          toast({
            title: answer.message,
            description: `${answer.materials.length}件の教材を追加しました`,
            variant: 'success',
          });
          setFiles([]);
          if (input.current) input.current.value = '';
        },
        onError: (error) => toastError(error, FOCUSED_STUDY_MESSAGES.uploadFailed),
        onSettled: () => setStage(null),
      },
    );
  };

  return (
    <section className="card study-card" aria-labelledby="study-upload-title">
      <h2 id="study-upload-title" className="study-card__title">
        <Upload size={18} aria-hidden />
        ファイルをアップロード
      </h2>
      <div className="study-upload">
        <input
          ref={input}
          id="study-upload-input"
          className="visually-hidden"
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={upload.isPending}
          aria-describedby="study-upload-hint"
          onChange={(event) => choose([...(event.target.files ?? [])])}
        />
        <label htmlFor="study-upload-input" className="button button--secondary button--small">
          <Upload size={15} aria-hidden />
          ファイルを選択
        </label>
        <span className="study-upload__chosen">
          {files.length
            ? files.map((file) => `${file.name}（${fileSize(file.size)}）`).join('、')
            : '選択されていません'}
        </span>
      </div>
      <p id="study-upload-hint" className="field__hint">
        PDF・Word（.pdf、.doc、.docx）、1ファイル10MBまで、一度に{FOCUSED_STUDY.filesPerUpload}
        件まで。画像だけのPDF（スキャンしたもの）は読み取れません。
      </p>
      {stage && (
        <div className="study-progress">
          <StudyMeter
            label="アップロードの進み具合"
            value={stage.phase === 'sending' ? stage.percent : 100}
            max={100}
          />
          <p className="study-progress__label" role="status">
            {stage.phase === 'sending' ? `アップロード中... ${stage.percent}%` : '文字を読み取っています...'}
          </p>
        </div>
      )}
      <div className="study-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={files.length === 0 || upload.isPending}
          onClick={submit}
        >
          {upload.isPending ? 'アップロード中...' : 'アップロード'}
        </button>
      </div>
    </section>
  );
}

function TextCard({ userId }: { userId: string }) {
  const add = useAddText(userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < FOCUSED_STUDY.textMinLength) {
      setError(FOCUSED_STUDY_MESSAGES.textTooShort);
      return;
    }
    add.mutate(text, {
      onSuccess: (answer) => {
        toast({ title: answer.message, variant: 'success' });
        setText('');
      },
      onError: (failure) => toastError(failure, FOCUSED_STUDY_MESSAGES.addTextFailed),
    });
  };

  return (
    <form className="card study-card" onSubmit={submit} noValidate aria-labelledby="study-text-title">
      <h2 id="study-text-title" className="study-card__title">
        <Type size={18} aria-hidden />
        テキストを追加
      </h2>
      <TextAreaField
        label="学習したい文章"
        rows={6}
        maxLength={FOCUSED_STUDY.textMaxLength}
        placeholder="教科書やノートの文章を貼り付けてください（10文字以上）"
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <div className="study-card__actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? '追加中...' : '教材に追加'}
        </button>
      </div>
    </form>
  );
}

function MaterialList({ userId, materials }: { userId: string; materials: StudyMaterial[] }) {
  const [deleting, setDeleting] = useState<StudyMaterial | null>(null);
  const confirm = useConfirmDelete({
    target: deleting,
    close: () => setDeleting(null),
    remove: useDeleteMaterial(userId),
    idOf: (material) => material.id,
    deleted: FOCUSED_STUDY_MESSAGES.materialDeleted,
    failed: FOCUSED_STUDY_MESSAGES.deleteMaterialFailed,
  });
  return (
    <section aria-labelledby="study-materials-title">
      <h2 id="study-materials-title" className="section__title">
        登録済みの教材（{materials.length} / {FOCUSED_STUDY.materialsMax}件）
      </h2>
      {materials.length === 0 ? (
        <p className="state">
          まだ教材がありません。ファイルをアップロードするか、テキストを追加してください。
        </p>
      ) : (
        <ul className="study-materials">
          {materials.map((material) => {
            const Icon = KIND_ICON[material.kind];
            return (
              <li key={material.id} className="study-material">
                <Icon size={22} aria-hidden className="study-material__icon" />
                <div className="study-material__body">
                  <p className="study-material__name">{material.name}</p>
                  <p className="study-material__meta">
                    {KIND_LABEL[material.kind]}・{fileSize(material.size)}・{formatDay(material.uploadedAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`「${material.name}」を削除`}
                  onClick={() => setDeleting(material)}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        {...confirm}
        title="教材を削除しますか？"
        description={`「${deleting?.name ?? ''}」を削除します。この教材からは問題が作られなくなります。`}
      />
    </section>
  );
}
