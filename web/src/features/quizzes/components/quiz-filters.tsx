import { Search } from 'lucide-react';
import { DIFFICULTIES } from '@shared/constants';
import { useCategories } from '@web/lib/api/get-categories';
import '../quizzes.css';

export interface Filters {
  search: string;
  category: string;
  difficulty: string;
}

/** Search box, category filter (all + categories) and difficulty filter (all, 初級, 中級, 上級). */
export function QuizFilters(props: {
  value: Filters;
  onChange: (next: Filters) => void;
  searchLabel?: string;
}) {
  const categories = useCategories();
  const { value, onChange } = props;
  return (
    <div className="filters" role="search">
      <label className="filters__search">
        <Search size={18} aria-hidden />
        <span className="visually-hidden">{props.searchLabel ?? 'クイズを検索'}</span>
        <input
          type="search"
          placeholder="キーワードでクイズを検索"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </label>
      <label className="filters__select">
        <span className="visually-hidden">カテゴリ</span>
        <select
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value })}
          aria-label="カテゴリ"
        >
          <option value="">すべてのカテゴリ</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.name}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className="filters__select">
        <span className="visually-hidden">難易度</span>
        <select
          value={value.difficulty}
          onChange={(event) => onChange({ ...value, difficulty: event.target.value })}
          aria-label="難易度"
        >
          <option value="">すべての難易度</option>
          {DIFFICULTIES.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {difficulty}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
