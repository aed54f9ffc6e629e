import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { SheetFormat } from '@shared/spreadsheets';
import { toastError } from '@web/components/toast/toast-error';
import { useExportQuiz } from '../api/export-quiz';
import '../spreadsheets.css';

const FORMATS: { format: SheetFormat; label: string; Icon: typeof FileText }[] = [
  { format: 'csv', label: 'CSV（.csv）', Icon: FileText },
  { format: 'xlsx', label: 'Excel（.xlsx）', Icon: FileSpreadsheet },
];

/**
 * 書き出し: one of the author's quizzes as a CSV or Excel file of its questions and answers, in the
 * columns the import reads back (so a quiz can be edited in a spreadsheet and brought in again).
 */
export function QuizExportMenu({ quiz }: { quiz: { id: string; title: string } }) {
  const exporting = useExportQuiz();
  const save = (format: SheetFormat) =>
    exporting.mutate({ quiz, format }, { onError: (error) => toastError(error, '書き出しに失敗しました') });
  return (
    <DropdownMenu.Root>
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
