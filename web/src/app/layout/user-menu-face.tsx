import { ChevronDown, UserRound } from 'lucide-react';
import { displayName, type CurrentUser } from '@shared/users';

/**
 * What the user menu's button shows: the icon, the member's name and the chevron. The menu's own
 * button and its inert stand-in in the bar (shown until the menu's code arrives) both draw it, so
 * the bar does not move when the menu comes.
 */
export function UserMenuFace({ user }: { user: CurrentUser }) {
  return (
    <>
      <UserRound size={18} aria-hidden />
      <span className="user-menu__name">{displayName(user)}</span>
      <ChevronDown size={16} aria-hidden />
    </>
  );
}
