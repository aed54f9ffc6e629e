import { useState, type CSSProperties } from 'react';
import type { QuestionImage as QuestionImageData } from '@shared/quiz-images';
import './question-image.css';

/**
 * A question's picture as play shows it (solo play and the multiplayer question). Its width and
 * height (and so its aspect ratio) are in the markup, so the page keeps its layout while it loads;
 * the picture of the question on screen is the page's largest content, so it is fetched at once
 * and first (`eager`, `fetchpriority="high"`) unless `priority` says otherwise. A picture that
 * cannot be loaded (its author removed it while a game shows the question) gives way to its alt
 * text in the same box, never a broken image or a box of another size.
 */
export function QuestionImage({
  image,
  priority = true,
}: {
  image: QuestionImageData | null | undefined;
  priority?: boolean;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image) return null;
  const aspectRatio = `${image.width} / ${image.height}`;
  if (failedUrl === image.url)
    return (
      <figure className="question-image">
        <div
          className="question-image__missing"
          role="img"
          aria-label={image.alt}
          // The box the picture took: its own width, no wider than the card, no taller than the
          // picture's limit (question-image.css), at its aspect ratio.
          style={
            {
              aspectRatio,
              width: `min(100%, ${image.width}px, calc(var(--question-image-max-height) * ${image.width / image.height}))`,
            } as CSSProperties
          }
        >
          <span className="question-image__alt" aria-hidden="true">
            {image.alt}
          </span>
          <span className="question-image__note" aria-hidden="true">
            画像を表示できません
          </span>
        </div>
      </figure>
    );
  return (
    <figure className="question-image">
      <img
        className="question-image__img"
        src={image.url}
        width={image.width}
        height={image.height}
        alt={image.alt}
        style={{ aspectRatio }}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailedUrl(image.url)}
      />
    </figure>
  );
}
