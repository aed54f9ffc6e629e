import type { QuestionImage as QuestionImageData } from '@shared/quiz-images';
import './question-image.css';

/**
 * A question's picture as play shows it (solo play and the multiplayer question). Its width and
 * height (and so its aspect ratio) are in the markup, so the page keeps its layout while it loads;
 * the picture of the question on screen is the page's largest content, so it is fetched at once
 * and first (`eager`, `fetchpriority="high"`) unless `priority` says otherwise.
 */
export function QuestionImage({
  image,
  priority = true,
}: {
  image: QuestionImageData | null | undefined;
  priority?: boolean;
}) {
  if (!image) return null;
  return (
    <figure className="question-image">
      <img
        className="question-image__img"
        src={image.url}
        width={image.width}
        height={image.height}
        alt={image.alt}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </figure>
  );
}
