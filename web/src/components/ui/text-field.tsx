import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** The ids a field's hint and error get, and the control's `aria-describedby` naming them. */
function describe(inputId: string, hint: string | undefined, error: string | undefined) {
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/** Label, control, hint, error: the markup every form field shares. */
function Field(props: FieldProps & { inputId: string; children: ReactNode }) {
  const { hintId, errorId } = describe(props.inputId, props.hint, props.error);
  return (
    <div className="field">
      <label htmlFor={props.inputId} className="field__label">
        {props.label}
      </label>
      {props.children}
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint and error, wired for screen readers (aria-invalid, aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, id, ...input }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    return (
      <Field inputId={inputId} label={label} error={error} hint={hint}>
        <input
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describe(inputId, hint, error).describedBy}
          {...input}
        />
      </Field>
    );
  },
);

/** `TextField` for several lines. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps
>(function TextAreaField({ label, error, hint, id, ...textarea }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field inputId={inputId} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describe(inputId, hint, error).describedBy}
        {...textarea}
      />
    </Field>
  );
});

/** `TextField` for a choice from a list (its options are the children). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & FieldProps
>(function SelectField({ label, error, hint, id, children, ...select }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field inputId={inputId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describe(inputId, hint, error).describedBy}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
});
