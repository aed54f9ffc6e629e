// First: before any module creates a Zod schema.
import './lib/zod-jitless';
// Second: the base styles, before every component's own.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPhraseBreaks } from './lib/phrase-breaks';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Portals (dialogs, toasts, menus) render outside #root: the whole body is watched.
installPhraseBreaks(document.body);
