import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog or menu whose code loads on demand is mounted
 * when first opened and stays mounted, so its closing plays out and its state is kept.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
