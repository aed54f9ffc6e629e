import { useCategories } from '@web/lib/api/get-categories';
import { CategoryIcon } from '@web/components/category-icon';
import '../home.css';
import { CategoriesFailed } from './categories-failed';

/** The categories, from `GET /api/categories`, as filter buttons for the quiz list. */
export function CategorySection(props: { selected?: string; onSelect?: (name: string) => void }) {
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <ul className="category-grid" aria-label="読み込み中">
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="category-card skeleton" aria-hidden />
        ))}
      </ul>
    );
  }
  if (categories.isError) return <CategoriesFailed onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0) return <p className="state">カテゴリはまだありません。</p>;
  return (
    <ul className="category-grid" aria-label="カテゴリ">
      {categories.data.map((category) => {
        const selected = props.selected === category.name;
        return (
          <li key={category.id}>
            <button
              type="button"
              className={`category-card${selected ? ' is-selected' : ''}`}
              style={{ '--category-color': category.color } as React.CSSProperties}
              aria-pressed={selected}
              onClick={() => props.onSelect?.(selected ? '' : category.name)}
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
            </button>
          </li>
        );
      })}
    </ul>
  );
}
