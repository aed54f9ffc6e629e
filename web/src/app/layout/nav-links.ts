import type { CurrentUser } from '@shared/users';
import { paths } from '@web/config/paths';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The navigation bar's links (docs/spec/core-platform.md §2): more once signed in, pro and admin links by role.
 * The single-player link is named as the page it opens (クイズを探す), one name for both.
 */
export function navLinks(user: CurrentUser | null | undefined): NavLink[] {
  const links: NavLink[] = [{ to: paths.home, label: 'ホーム' }];
  if (!user) return links;
  links.push(
    { to: paths.quizSearch, label: 'クイズを探す' },
    { to: paths.multiplayer, label: 'マルチプレイ' },
    { to: paths.profile, label: 'マイページ' },
    { to: paths.learning, label: '学習記録' },
    { to: paths.myQuizzes, label: 'マイクイズ' },
  );
  if (user.isPro) links.push({ to: paths.focusedStudy, label: '集中学習' });
  if (user.isAdmin) links.push({ to: paths.admin, label: '管理' });
  return links;
}
