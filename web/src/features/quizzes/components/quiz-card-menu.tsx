import { useEffect } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, MoreVertical, Users } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { QuizSummary } from '@shared/quiz-schemas';
import { useCurrentUser } from '@web/lib/auth/current-user';
import { canPlayTogether, playTogetherPath } from '@web/lib/play-together';

/**
 * A quiz card's その他の操作 menu, mounted when its button is first used and opened once mounted (see QuizCard):
 * 「みんなで遊ぶ」 (a multiplayer room on the quiz, when it may host one) and 報告する.
 */
export function QuizCardMenu({
  quiz,
  onReport,
  open,
  onOpenChange,
  onMounted,
}: {
  quiz: Pick<QuizSummary, 'id' | 'title' | 'isPublished' | 'isHidden' | 'questionCount'>;
  onReport: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the menu and its button are in the page: the card opens it then. */
  onMounted: () => void;
}) {
  useEffect(onMounted, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on mount
  const navigate = useNavigate();
  const signedIn = Boolean(useCurrentUser().data);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className="icon-button" aria-label={`「${quiz.title}」のその他の操作`}>
        <MoreVertical size={18} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {canPlayTogether(quiz) && (
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void navigate(playTogetherPath(quiz.id, signedIn))}
            >
              <Users size={16} aria-hidden />
              みんなで遊ぶ
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu__item" onSelect={onReport}>
            <Flag size={16} aria-hidden />
            報告する
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
