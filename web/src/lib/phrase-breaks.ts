/**
 * Japanese line breaking by phrase (文節), so a line never ends inside a word: 「公開（誰でも遊べ／る）」
 * becomes 「公開（誰でも／遊べる）」. Chromium does it with CSS (`word-break: auto-phrase`, in
 * base.css); where that is missing, BudouX (the same model, loaded only there) marks the phrase
 * boundaries of the page's text with zero-width spaces and the page breaks only at them
 * (`word-break: keep-all`).
 */
const ZWSP = '\u200b';
/** Text that is typed, code, or not shown is left as it is. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'INPUT', 'CODE', 'PRE', 'KBD', 'NOSCRIPT']);
const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export const supportsAutoPhrase = () =>
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('word-break', 'auto-phrase');

/** The text with a zero-width space at each phrase boundary (`parse` splits a string into phrases). */
export function markPhrases(text: string, parse: (sentence: string) => string[]): string {
  if (!JAPANESE.test(text)) return text;
  return parse(text.replaceAll(ZWSP, '')).join(ZWSP);
}

/** Marks every text node under `root` now and as the page changes. Returns a function that stops it. */
export function watchPhrases(root: HTMLElement, parse: (sentence: string) => string[]): () => void {
  const mark = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node as Text;
      if (text.parentElement && SKIP.has(text.parentElement.tagName)) return;
      const marked = markPhrases(text.data, parse);
      // Writing the same text back would only wake the observer again.
      if (marked !== text.data) text.data = marked;
      return;
    }
    if (node.nodeType === Node.ELEMENT_NODE && !SKIP.has((node as Element).tagName))
      node.childNodes.forEach(mark);
  };
  mark(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') mark(record.target);
      else record.addedNodes.forEach(mark);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return () => observer.disconnect();
}

/** In browsers without `auto-phrase`: loads BudouX's Japanese model and keeps `root` marked. */
export function installPhraseBreaks(root: HTMLElement) {
  if (supportsAutoPhrase()) return;
  document.documentElement.classList.add('phrase-fallback');
  void import('budoux').then(({ Parser, jaModel }) => {
    const parser = new Parser(jaModel);
    watchPhrases(root, (sentence) => parser.parse(sentence));
  });
}
