import { useEffect, useState, type FormEvent } from 'react';
import { DIFFICULTIES, type Difficulty } from '@shared/constants';
import { FOCUSED_STUDY_MESSAGES, type StudyQuestion } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { SelectField } from '@web/components/ui/text-field';
import { useSaveSet } from '../api/focused-study';
import { SetFields } from './set-fields';

/** Saves a session's questions as a set: title (required), description, difficulty (§5). */
export function SaveSetDialog(props: {
  userId: string;
  questions: StudyQuestion[] | null;
  difficulty: Difficulty;
  onClose: () => void;
}) {
  const save = useSaveSet(props.userId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty>(props.difficulty);
  const [error, setError] = useState<string>();
  const open = props.questions !== null;
  // The settings may load after the page: each opening starts from the member's difficulty.
  useEffect(() => {
    if (open) setDifficulty(props.difficulty);
  }, [open, props.difficulty]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.questions) return;
    if (!title.trim()) {
      setError(FOCUSED_STUDY_MESSAGES.titleRequired);
      return;
    }
    save.mutate(
      { title: title.trim(), description: description.trim(), difficulty, questions: props.questions },
      {
        onSuccess: () => {
          toast({ title: FOCUSED_STUDY_MESSAGES.setSaved, variant: 'success' });
          setTitle('');
          setDescription('');
          props.onClose();
        },
        onError: (failure) => toastError(failure, FOCUSED_STUDY_MESSAGES.saveSetFailed),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && props.onClose()}
      title="問題セットとして保存"
      description={`${props.questions?.length ?? 0}問を保存して、あとから何度でも解き直せます。`}
    >
      <form onSubmit={submit} noValidate>
        <SetFields
          title={title}
          description={description}
          titleError={error}
          onTitle={(value) => {
            setTitle(value);
            setError(undefined);
          }}
          onDescription={setDescription}
        />
        <SelectField
          label="難易度"
          value={difficulty}
          onChange={(event) => setDifficulty(event.target.value as Difficulty)}
        >
          {DIFFICULTIES.map((level) => (
            <option key={level}>{level}</option>
          ))}
        </SelectField>
        <div className="dialog__actions">
          <DialogClose className="button button--secondary">キャンセル</DialogClose>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? '保存中...' : '保存する'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
