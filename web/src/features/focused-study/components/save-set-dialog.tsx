import { useState, type FormEvent } from 'react';
import { DIFFICULTIES, type Difficulty } from '@shared/constants';
import { FOCUSED_STUDY_MESSAGES, type StudyQuestion } from '@shared/focused-study';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Dialog } from '@web/components/ui/dialog';
import { SelectField } from '@web/components/ui/text-field';
import { useSaveSet } from '../api/save-set';
import { SetDialogActions, useSetFields } from './set-fields';

/**
 * Saves a run's questions as a set: title (required), description, difficulty (docs/spec/multiplayer-membership-study.md §5). Mounted
 * for each save, so it starts empty with the member's difficulty of the moment.
 */
export function SaveSetDialog(props: {
  userId: string;
  questions: StudyQuestion[];
  difficulty: Difficulty;
  onClose: () => void;
}) {
  const save = useSaveSet(props.userId);
  const { fields, checked } = useSetFields({ title: '', description: '' });
  const [difficulty, setDifficulty] = useState<Difficulty>(props.difficulty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = checked();
    if (!values) return;
    save.mutate(
      { ...values, difficulty, questions: props.questions },
      {
        onSuccess: () => {
          toast({ title: FOCUSED_STUDY_MESSAGES.setSaved, variant: 'success' });
          props.onClose();
        },
        onError: (failure) => toastError(failure, FOCUSED_STUDY_MESSAGES.saveSetFailed),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && props.onClose()}
      title="問題セットとして保存"
      description={`${props.questions.length}問を保存して、あとから何度でも解き直せます。`}
    >
      <form onSubmit={submit} noValidate>
        {fields}
        <SelectField
          label="難易度"
          value={difficulty}
          onChange={(event) => setDifficulty(event.target.value as Difficulty)}
        >
          {DIFFICULTIES.map((level) => (
            <option key={level}>{level}</option>
          ))}
        </SelectField>
        <SetDialogActions pending={save.isPending} />
      </form>
    </Dialog>
  );
}
