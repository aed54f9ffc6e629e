import { RefreshCw } from 'lucide-react';
import { useCategories } from '@web/features/categories/api/get-categories';
import { CategoryIcon } from '@web/features/categories/components/category-icon';

/** The categories offered on the platform, straight from `GET /api/categories`. */
export function CategorySection() {
  const categories = useCategories();
  return (
    <section className="section" aria-labelledby="categories-heading" aria-busy={categories.isPending}>
      <div className="section__header">
        <h2 id="categories-heading" className="section__title">
          カテゴリ
        </h2>
        {categories.data && <p className="section__meta">{categories.data.length} カテゴリ</p>}
      </div>
      {categories.isPending ? (
        <ul className="category-grid" aria-label="読み込み中">
          {Array.from({ length: 8 }, (_, index) => (
            <li key={index} className="category-card skeleton" aria-hidden />
          ))}
        </ul>
      ) : categories.isError ? (
        <div className="state state--error" role="alert">
          <p>カテゴリの取得に失敗しました</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void categories.refetch()}
          >
            <RefreshCw size={16} aria-hidden />
            再読み込み
          </button>
        </div>
      ) : categories.data.length === 0 ? (
        <p className="state">カテゴリはまだありません。</p>
      ) : (
        <ul className="category-grid">
          {categories.data.map((category) => (
            <li
              key={category.id}
              className="category-card"
              style={{ '--category-color': category.color } as React.CSSProperties}
            >
              <span className="category-card__icon">
                <CategoryIcon name={category.icon} />
              </span>
              <span className="category-card__text">
                <span className="category-card__name">{category.name}</span>
                {category.description && (
                  <span className="category-card__description">{category.description}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
