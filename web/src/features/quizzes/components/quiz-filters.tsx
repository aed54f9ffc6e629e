import { useState } from 'react';
import { Search } from 'lucide-react';
import { DIFFICULTIES, LIMITS } from '@shared/constants';
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
        <SearchText value={value.search} onChange={(search) => onChange({ ...value, search })} />
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

/**
 * The search words as typed. The box keeps its own text while it has the focus: the search page's
 * words live in the address, which React Router updates in a transition, and an input controlled
 * by a transition's value reverts for a moment after each key (the caret jumps, and a Japanese
 * IME's conversion is cut off). A change of the words from elsewhere (back, forward, a link) is
 * taken while the box is not being typed in.
 */
function SearchText({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [typing, setTyping] = useState(false);
  if (!typing && text !== value) setText(value);
  return (
    <input
      type="search"
      placeholder="キーワードでクイズを検索"
      maxLength={LIMITS.searchTextMaxLength}
      value={text}
      onFocus={() => setTyping(true)}
      onBlur={() => setTyping(false)}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}
