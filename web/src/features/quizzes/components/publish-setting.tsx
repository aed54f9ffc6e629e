import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { QuizFormValues } from '../quiz-form-values';

/** 公開設定: public, or private where allowed (advanced members, or editing a quiz already private). */
export function PublishSetting(props: {
  form: UseFormReturn<QuizFormValues>;
  privateAllowed: boolean;
  /** Shown unless the user is an advanced member or the quiz is admin-hidden. */
  showMembershipNote: boolean;
}) {
  const isPublished = props.form.watch('quiz.isPublished');
  // One group: arrow keys move between the two, and it is one stop of the Tab key.
  const group = useId();
  return (
    <fieldset className="field">
      <legend className="field__label">公開設定</legend>
      <div className="radio-list">
        <label className="radio">
          <input
            type="radio"
            name={group}
            checked={isPublished !== false}
            onChange={() => props.form.setValue('quiz.isPublished', true)}
          />
          公開（誰でも遊べる）
        </label>
        <label className={`radio${props.privateAllowed ? '' : ' is-disabled'}`}>
          <input
            type="radio"
            name={group}
            disabled={!props.privateAllowed}
            checked={isPublished === false}
            onChange={() => props.form.setValue('quiz.isPublished', false)}
          />
          非公開{props.privateAllowed ? '（自分だけ）' : '（アドバンスド会員限定）'}
        </label>
      </div>
      {props.showMembershipNote && (
        <p className="field__hint">非公開設定はアドバンスド会員限定の機能です。</p>
      )}
    </fieldset>
  );
}
