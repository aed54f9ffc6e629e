import { useState } from 'react';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { TAG_LIMITS, tagNameKey, type AdminTag } from '@shared/tags';
import { toastError } from '@web/components/toast/toast-error';
import { toast } from '@web/components/toast/toast-store';
import { Spinner } from '@web/components/ui/spinner';
import { tagStyle } from '@web/components/tag-chips';
import { useAdminTags, useUpdateAdminTag } from '../api/admin-tags';

/** Tags on one page of the list: a phone shows each as a card of its own fields. */
const TAGS_PER_PAGE = 10;

/**
 * The admin screen's tags: every tag with its count (the 1,000 most used), renamed, recoloured and
 * (de)activated one row at a time; found by a part of the name, ten to a page.
 */
export function TagsTab() {
  const tags = useAdminTags(true);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  if (tags.isPending) return <Spinner />;
  if (tags.isError)
    return (
      <div className="state state--error" role="alert">
        <p>タグの取得に失敗しました</p>
        <button type="button" className="button button--secondary" onClick={() => void tags.refetch()}>
          <RefreshCw size={16} aria-hidden />
          再読み込み
        </button>
      </div>
    );
  if (tags.data.length === 0) return <p className="state">タグはまだありません。</p>;
  const wanted = tagNameKey(filter);
  const matching = wanted ? tags.data.filter((tag) => tagNameKey(tag.name).includes(wanted)) : tags.data;
  const pages = Math.max(1, Math.ceil(matching.length / TAGS_PER_PAGE));
  // A save reads the list again (a merge removes a tag): stay on the last page there is.
  const shown = Math.min(page, pages - 1);
  const first = shown * TAGS_PER_PAGE;
  return (
    <>
      <p className="admin-tags__note">
        名前を別のタグと同じにすると、2つのタグは1つに統合されます。無効にしたタグはクイズや一覧に表示されません。
      </p>
      <label className="admin-tags__filter">
        <span className="field__label">タグを絞り込む</span>
        <input
          type="search"
          className="field__input"
          value={filter}
          maxLength={TAG_LIMITS.rawNameMax}
          placeholder="名前の一部"
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
        />
      </label>
      {matching.length === 0 ? (
        <p className="state">「{filter.trim()}」を含むタグはありません。</p>
      ) : (
        <>
          <ul className="admin-list" aria-label="タグ">
            {matching.slice(first, first + TAGS_PER_PAGE).map((tag) => (
              <li key={`${tag.id}-${tag.name}-${tag.color}-${tag.isActive}`}>
                <TagRow tag={tag} />
              </li>
            ))}
          </ul>
          <TagPager
            page={shown}
            pages={pages}
            first={first}
            shownCount={Math.min(TAGS_PER_PAGE, matching.length - first)}
            total={matching.length}
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}

/** The list's pages: where this page is in the list, and 前へ / 次へ. */
function TagPager(props: {
  page: number;
  pages: number;
  first: number;
  shownCount: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { page, pages, first, shownCount, total, onPage } = props;
  return (
    <nav className="admin-pager" aria-label="タグのページ">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft size={16} aria-hidden />
        前へ
      </button>
      <p className="admin-pager__status" aria-live="polite">
        {first + 1}〜{first + shownCount}件目（全{total}件）
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        次へ
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}

/** One tag: its name and colour as fields, active as a checkbox, saved together. */
function TagRow({ tag }: { tag: AdminTag }) {
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const [isActive, setIsActive] = useState(tag.isActive);
  const update = useUpdateAdminTag();
  const change = {
    ...(name.trim() !== tag.name ? { name } : {}),
    ...(color.toUpperCase() !== tag.color.toUpperCase() ? { color } : {}),
    ...(isActive !== tag.isActive ? { isActive } : {}),
  };
  const changed = Object.keys(change).length > 0;
  const save = () =>
    update.mutate(
      { id: tag.id, change },
      {
        onSuccess: (saved) => toast({ title: saved.message, description: saved.name, variant: 'success' }),
        onError: (error) => toastError(error, 'タグの更新に失敗しました'),
      },
    );
  const field = (part: string) => `tag-${tag.id}-${part}`;
  return (
    <form
      className={`card admin-card admin-tag${tag.isActive ? '' : ' is-inactive'}`}
      aria-label={`タグ「${tag.name}」`}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save();
      }}
    >
      <div className="admin-tag__head">
        <span className="tag-chip" style={tagStyle(tag.color)}>
          {tag.name}
        </span>
        <span className="admin-card__meta">
          公開クイズ {tag.quizCount}件{tag.isActive ? '' : '・無効'}
        </span>
      </div>
      <div className="admin-tag__fields">
        <div className="field">
          <label htmlFor={field('name')} className="field__label">
            名前
          </label>
          <input
            id={field('name')}
            className="field__input"
            value={name}
            maxLength={TAG_LIMITS.rawNameMax}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('color')} className="field__label">
            色
          </label>
          <div className="admin-tag__color">
            <input
              type="color"
              aria-label={`タグ「${tag.name}」の色を選ぶ`}
              value={/^#[0-9A-Fa-f]{6}$/.test(color) ? color : tag.color}
              onChange={(event) => setColor(event.target.value.toUpperCase())}
            />
            <input
              id={field('color')}
              className="field__input"
              value={color}
              maxLength={7}
              onChange={(event) => setColor(event.target.value)}
            />
          </div>
        </div>
        <label className="admin-tag__active">
          <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
          有効
        </label>
        <button
          type="submit"
          className="button button--primary button--small"
          disabled={!changed || update.isPending}
        >
          {update.isPending ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}
