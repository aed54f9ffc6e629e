import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '@web/config/paths';
import { loginPathFor } from '@web/lib/auth/return-path';
import { FeaturedCardSkeleton } from '@web/features/quizzes/components/featured-card';
import { HomeHero } from './home-hero';

describe('the top of home', () => {
  it('is painted by the build exactly as the app renders it for a guest (web/home-frame.html)', async () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <HomeHero createTo={loginPathFor(paths.myQuizzes)} featured={<FeaturedCardSkeleton />} />
      </MemoryRouter>,
    );
    // `vitest -u` rewrites the file after a change to the hero; the build reads it.
    await expect(`${markup}\n`).toMatchFileSnapshot('../../../../home-frame.html');
  });
});
