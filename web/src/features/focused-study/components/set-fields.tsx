import { TextAreaField, TextField } from '@web/components/ui/text-field';

/** A saved set's title (required: its error shown under it) and description, as the save and edit dialogs ask for them. */
export function SetFields(props: {
  title: string;
  description: string;
  titleError: string | undefined;
  onTitle: (title: string) => void;
  onDescription: (description: string) => void;
}) {
  return (
    <>
      <TextField
        label="タイトル"
        value={props.title}
        maxLength={100}
        required
        error={props.titleError}
        onChange={(event) => props.onTitle(event.target.value)}
      />
      <TextAreaField
        label="説明（任意）"
        rows={3}
        maxLength={500}
        value={props.description}
        onChange={(event) => props.onDescription(event.target.value)}
      />
    </>
  );
}
