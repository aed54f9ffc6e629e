import { useId, type RefObject } from 'react';
import { Sparkles } from 'lucide-react';
import type { AiGenerationResult } from '../api/generate-quiz-from-text';

/** The generated quiz: title, description, question count; load it into the form or discard it. */
export function AiResultCard(props: {
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
        <p className="ai-result__provider">オフライン生成（文章中の用語から問題を作成）</p>
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
