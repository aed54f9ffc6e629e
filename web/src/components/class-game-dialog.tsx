import { lazy, Suspense, useState } from 'react';
import { Presentation } from 'lucide-react';
import type { CurrentUser } from '@shared/users';

const ClassGameDialog = lazy(async () => ({
  default: (await import('./class-game-settings-dialog')).ClassGameDialog,
}));

/**
 * 「クラスで出題」 (issue 31): a quiz's page and the author's own quizzes open a class game on the
 * quiz. The dialog asks the game's settings, opens it (`POST /api/classroom/games`) and goes to the
 * host's screen. Shared UI because two features offer it; the classroom feature is not loaded, and
 * the dialog (its settings, the class games' rules and messages) loads when it is first opened: the
 * author's quizzes and a quiz's page show the button without it.
 */
export function ClassGameButton({
  quiz,
  user,
  className = 'button button--secondary',
}: {
  quiz: { id: string; title: string };
  user: CurrentUser;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={`「${quiz.title}」をクラスで出題`}
      >
        <Presentation size={16} aria-hidden />
        クラスで出題
      </button>
      {open && (
        <Suspense fallback={null}>
          <ClassGameDialog quiz={quiz} user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
