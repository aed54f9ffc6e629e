import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { DiscardChangesDialog } from './discard-changes-dialog';

/**
 * While the quiz form holds changes not saved, leaving the page asks first: a reload or closing the
 * tab (the browser's own question, `beforeunload`), and the back button or a link (the discard
 * question; the app's router only: a form shown outside it, as in a component test, has no blocker).
 */
export function UnsavedChangesGuard({ changed }: { changed: () => boolean }) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (changed()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [changed]);
  return useContext(UNSAFE_DataRouterContext) ? <NavigationGuard changed={changed} /> : null;
}

function NavigationGuard({ changed }: { changed: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && changed(),
  );
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
