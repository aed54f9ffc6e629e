import { useEffect } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { SheetFormat } from '@shared/spreadsheets';
import { toastError } from '@web/components/toast/toast-error';
import { useExportQuiz } from '../api/export-quiz';

const FORMATS: { format: SheetFormat; label: string; Icon: typeof FileText }[] = [
  { format: 'csv', label: 'CSV（.csv）', Icon: FileText },
  { format: 'xlsx', label: 'Excel（.xlsx）', Icon: FileSpreadsheet },
];

/**
 * The 書き出し menu itself (a Radix dropdown, the export call and the file's download), mounted
 * when its button is first used and opened once mounted (see QuizExportMenu).
 */
export function QuizExportDropdown({
  quiz,
  open,
  onOpenChange,
  onMounted,
}: {
  quiz: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the menu and its button are in the page: the card opens it then. */
  onMounted: () => void;
}) {
  useEffect(onMounted, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on mount
  const exporting = useExportQuiz();
  const save = (format: SheetFormat) =>
    exporting.mutate({ quiz, format }, { onError: (error) => toastError(error, '書き出しに失敗しました') });
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        className="button button--secondary button--small quiz-export__trigger"
        disabled={exporting.isPending}
        // The name holds the visible 書き出し (WCAG 2.5.3, label in name).
        aria-label={`「${quiz.title}」の書き出し`}
      >
        <Download size={15} aria-hidden />
        {exporting.isPending ? '書き出し中...' : '書き出し'}
        <ChevronDown size={14} aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {FORMATS.map(({ format, label, Icon }) => (
            <DropdownMenu.Item key={format} className="menu__item" onSelect={() => save(format)}>
              <Icon size={16} aria-hidden />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
