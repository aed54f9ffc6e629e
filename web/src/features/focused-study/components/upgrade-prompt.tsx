import { Crown, ListOrdered, RotateCcw, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';

/** What a member who is not an advanced member sees at '/focused-study' (docs/spec/multiplayer-membership-study.md §2). */
export function UpgradePrompt() {
  return (
    <section className="container auth">
      <div className="card status-card study-upgrade">
        <span className="status-card__icon study-upgrade__icon">
          <Crown size={40} aria-hidden />
        </span>
        <h1 className="status-card__title">集中学習はアドバンスド会員限定の機能です</h1>
        <div className="status-card__body">
          <p>アップグレードすると、手持ちの教材からAIが問題を作り、効率よく復習できます。</p>
          <ul className="study-upgrade__list">
            <li>
              <Sparkles size={16} aria-hidden /> PDF・Word・テキストの教材からAIが問題を作成
            </li>
            <li>
              <ListOrdered size={16} aria-hidden /> 単一選択・複数選択・並べ替えの3形式
            </li>
            <li>
              <RotateCcw size={16} aria-hidden /> 間違えた問題を最適なタイミングで復習
            </li>
          </ul>
        </div>
        <div className="status-card__actions">
          <Link to={paths.membership} className="button button--upgrade">
            <Crown size={16} aria-hidden />
            アドバンスド会員にアップグレード
          </Link>
        </div>
      </div>
    </section>
  );
}
