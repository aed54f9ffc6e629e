import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, MoreVertical } from 'lucide-react';

/** A quiz card's その他の操作 menu, mounted open when its button is first used (see QuizCard). */
export function QuizCardMenu({
  quizTitle,
  onReport,
  open,
  onOpenChange,
}: {
  quizTitle: string;
  onReport: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className="icon-button" aria-label={`「${quizTitle}」のその他の操作`}>
        <MoreVertical size={18} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Item className="menu__item" onSelect={onReport}>
            <Flag size={16} aria-hidden />
            報告する
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
