import { Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import './not-found.css';
import { usePageTitle } from '@web/lib/page-title';

/** Any unknown path. */
export function NotFoundPage() {
  usePageTitle('ページが見つかりません');
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        ページが見つかりません
      </h1>
      <p className="not-found__text">
        お探しのページは移動または削除されたか、URL が間違っている可能性があります。
      </p>
      <Link to={paths.home} className="button button--primary">
        <Home size={18} aria-hidden />
        ホームに戻る
      </Link>
    </section>
  );
}
