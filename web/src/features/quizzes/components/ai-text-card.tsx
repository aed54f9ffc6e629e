import { FileText } from 'lucide-react';
import { LIMITS } from '@shared/constants';
import { TextAreaField } from '@web/components/ui/text-field';
import type { AiField, AiGeneration } from '../use-ai-generation';
import { GenerateButton } from './generate-button';
import { formatNumber } from '@web/lib/format-number';

/** テキストから生成: the pasted text (its length counted as it is typed) and its button. */
export function AiTextCard(props: {
  ai: AiGeneration;
  titleId: string;
  fieldId: (field: AiField) => string;
  disabled: boolean;
  onGenerate: () => void;
}) {
  const { ai } = props;
  return (
    <section className="ai-card" aria-labelledby={props.titleId}>
      <h3 id={props.titleId} className="ai-card__title">
        <FileText size={18} aria-hidden />
        テキストから生成
      </h3>
      <TextAreaField
        id={props.fieldId('text')}
        label="問題の元になる文章"
        rows={6}
        value={ai.draft.text}
        placeholder="教科書やノート、記事などの文章を貼り付けてください"
        hint={`${formatNumber(ai.draft.text.trim().length)}文字（${LIMITS.aiTextMinLength}文字以上）`}
        error={ai.errors.text}
        onChange={(event) => ai.update('text', event.target.value)}
      />
      <div className="ai-card__actions">
        <GenerateButton
          pending={ai.textPending}
          disabled={props.disabled}
          label="テキストから生成"
          pendingLabel="生成中..."
          onClick={props.onGenerate}
        />
      </div>
    </section>
  );
}
