import { lazy, Suspense, useState } from 'react';
import { ChevronDown, Download } from 'lucide-react';
import { afterFirstLoad } from '@web/lib/first-load-settled';
import '../spreadsheets.css';

// The menu (a Radix dropdown and its positioning, the export call, the download) is mounted when
// its button is first used, not in every card of the author's list; its code is fetched once the
// page is up (with it the list waited for some 40 KB more; docs/decisions.md, "Issue 28: fewer
// schemas at a socket's or a quiz route's cold start, a lighter author's list").
const loadDropdown = () => import('./quiz-export-dropdown');
afterFirstLoad(loadDropdown);
const QuizExportDropdown = lazy(async () => ({ default: (await loadDropdown()).QuizExportDropdown }));

/**
 * 書き出し: one of the author's quizzes as a CSV or Excel file of its questions and answers, in the
 * columns the import reads back (so a quiz can be edited in a spreadsheet and brought in again).
 */
export function QuizExportMenu({ quiz }: { quiz: { id: string; title: string } }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = (
    // The same button as the menu's own until that is mounted: pressing it (the pointer, as Radix's
    // trigger opens on it, or Enter and Space) mounts the menu, which opens once its own button is
    // in the page.
    <button
      type="button"
      className="button button--secondary button--small quiz-export__trigger"
      aria-label={`「${quiz.title}」の書き出し`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) setMounted(true);
      }}
      onClick={() => setMounted(true)}
    >
      <Download size={15} aria-hidden />
      書き出し
      <ChevronDown size={14} aria-hidden />
    </button>
  );
  if (!mounted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <QuizExportDropdown quiz={quiz} open={open} onOpenChange={setOpen} onMounted={() => setOpen(true)} />
    </Suspense>
  );
}
