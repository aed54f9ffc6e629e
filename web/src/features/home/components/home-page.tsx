import { Gamepad2, PencilLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { paths } from '@web/config/paths';
import { CategorySection } from './category-section';

/** Home '/': hero with play and create actions, and the categories. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  const scrollToSearch = () =>
    document.getElementById('quiz-search-area')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
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
            <button type="button" className="button button--primary button--large" onClick={scrollToSearch}>
              <Gamepad2 size={20} aria-hidden />
              クイズで遊ぶ
            </button>
            <Link to={user ? paths.myQuizzes : paths.login} className="button button--ghost button--large">
              <PencilLine size={20} aria-hidden />
              クイズを作る
            </Link>
          </div>
        </div>
      </section>
      <div id="quiz-search-area" className="container home__content">
        <CategorySection />
      </div>
    </>
  );
}
