import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionImage } from './question-image';

const image = { url: '/quiz-images/q1/abc.webp', width: 1280, height: 720, alt: '北海道の地図' };

describe('QuestionImage', () => {
  it('reserves its box from its size (no layout shift) and is fetched first, as the page’s largest content', () => {
    const { container } = render(<QuestionImage image={image} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(image.url);
    expect(img.getAttribute('alt')).toBe('北海道の地図');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect(img.style.aspectRatio).toBe('1280 / 720');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('waits its turn when it is not the page’s main content, and shows nothing without a picture', () => {
    const { container } = render(<QuestionImage image={image} priority={false} />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(render(<QuestionImage image={null} />).container.innerHTML).toBe('');
  });

  it('gives way to its alt text in the box the picture took when it cannot be loaded (removed during a game)', () => {
    const { container, rerender } = render(<QuestionImage image={image} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const missing = screen.getByRole('img', { name: '北海道の地図' });
    expect(missing.textContent).toContain('北海道の地図');
    expect(missing.textContent).toContain('画像を表示できません');
    // The same box: the picture's aspect ratio, its own width at most, within the card and the height limit.
    expect(missing.style.aspectRatio).toBe('1280 / 720');
    expect(missing.getAttribute('style')).toContain(
      'min(100%, 1280px, calc(var(--question-image-max-height) * 1.7777777777777777))',
    );
    // The next question's picture is tried again.
    const next = { ...image, url: '/quiz-images/q1/def.webp', alt: '九州の地図' };
    rerender(<QuestionImage image={next} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(next.url);
  });
});
