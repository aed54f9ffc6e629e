import { Link } from 'react-router-dom';
import { tagStyle } from '@web/components/tag-chips';
import { paths } from '@web/config/paths';
import { usePopularTags } from '../api/get-popular-tags';

/** Popular tags shown on home, most used first: two or three lines on a wide screen, a few on a phone. */
const HOME_TAG_COUNT = 12;

/** Home's popular tags: each a link to its page, with how many public quizzes carry it. Nothing while there are none. */
export function PopularTags() {
  const tags = usePopularTags(HOME_TAG_COUNT);
  if (!tags.data?.length) return null;
  return (
    <section className="popular-tags" aria-labelledby="popular-tags-heading">
      <h3 id="popular-tags-heading" className="section__subtitle">
        人気のタグ
      </h3>
      <ul className="tag-chips">
        {tags.data.map((tag) => (
          <li key={tag.id}>
            <Link to={paths.tag(tag.name)} className="tag-chip" style={tagStyle(tag.color)}>
              {tag.name}
              <span className="tag-chip__count">{tag.quizCount}件</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
