import type { ReactNode } from 'react';
import { Gamepad2, PencilLine } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * The top of home: what the site is, 「クイズで遊ぶ」 and 「クイズを作る」, and the featured quiz beside
 * them. Static apart from the create link's target, so the build paints a guest's copy of it
 * before any script runs (web/home-frame.html, kept equal to this by home-hero.test.tsx): home's
 * largest text is on screen with the page's first paint, not after the app has loaded.
 */
export function HomeHero(props: { createTo: string; onPlay?: () => void; featured: ReactNode }) {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">みんなで作って、みんなで遊ぶ</p>
          <h1 className="hero__title">
            知識を試そう。
            <br />
            クイズを作ろう。
          </h1>
          <p className="hero__lead">
            科学から歴史、資格試験まで。コミュニティが作ったクイズに挑戦したり、AI
            の力を借りて自分だけのクイズを作ったりできます。
          </p>
          <div className="hero__actions">
            <button type="button" className="button button--primary button--large" onClick={props.onPlay}>
              <Gamepad2 size={20} aria-hidden />
              クイズで遊ぶ
            </button>
            <Link to={props.createTo} className="button button--ghost button--large">
              <PencilLine size={20} aria-hidden />
              クイズを作る
            </Link>
          </div>
        </div>
        {props.featured}
      </div>
    </section>
  );
}
