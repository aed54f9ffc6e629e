// First: the base styles, before every component's own.
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPhraseBreaks } from './lib/phrase-breaks';

// The first render as a transition: React renders it in slices and yields to the browser between
// them (no long task on a slow phone) while the page's HTML frame stays on screen until it is ready.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Portals (dialogs, toasts, menus) render outside #root: the whole body is watched.
installPhraseBreaks(document.body);
