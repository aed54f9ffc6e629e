import type { AiSettings } from '@shared/ai';
import type { Term } from './key-terms';
import { ERAS, GENGO, isSpecific, unitOf } from './term-classes';

/**
 * Wrong options for a question, all of the answer's class (key-terms.ts, term-classes.ts), in
 * tiers a question generator asks for one after another:
 * 1. terms of the answer's group: its class (a person among persons, a year among years, a number
 *    with its counter), or for an ordinary noun the terms the text lists or defines with it; then,
 *    for a number, nearby values with the same counter, and for an era, other eras;
 * 2. for an ordinary noun only: other nouns of its part of speech (一般, サ変) that the text stresses
 *    (defines, repeats, lists);
 * 3. for an ordinary noun only: any other noun of its part of speech.
 * Tiers 2 and 3 only fill a quiz the text cannot fill from tier 1. Never a term of another class,
 * never one shown in the question, never two that contain each other.
 */
export type DistractorTier = 1 | 2 | 3;

export interface Distractors {
  options: string[];
}

export function overlaps(a: string, b: string) {
  return a.includes(b) || b.includes(a);
}

/**
 * How alike two terms look (shared characters, similar length, as many words, both plural or
 * not): higher means a harder distractor.
 */
function likeness(a: string, b: string): number {
  const shared = [...new Set(a)].filter((char) => b.includes(char)).length;
  const words = (text: string) => text.split(' ').length;
  const plural = (text: string) => /[a-z]s$/.test(text);
  // English words of one form end alike: «largest» and «closest», «molecular» and «axial».
  const ending = (text: string) => (/[a-z]{4}$/.test(text) ? text.slice(-2) : text);
  return (
    shared * 2 -
    Math.abs(a.length - b.length) -
    3 * Math.abs(words(a) - words(b)) +
    (plural(a) === plural(b) ? 1 : 0) +
    (ending(a) === ending(b) ? 3 : 0)
  );
}

/** Other values with the same counter, for numbers when the text has too few of its own. */
function numberVariants(answer: string, avoid: Set<string>): string[] {
  const match = /^(\D*)(\d[\d,]*)(\.\d+)?(.*)$/.exec(answer);
  if (!match) return [];
  const [, before = '', digits = '', fraction = '', after = ''] = match;
  const value = Number(digits.replace(/,/g, ''));
  // 「1868年」, or a bare four-digit number in English («in 1930»).
  const isYear =
    (/^年/.test(after) && value >= 100) ||
    (!before && !after && !fraction && /^\d{4}$/.test(digits) && value >= 1000 && value <= 2100);
  const isShare = /^(%| ?percent| ?per cent)$/.test(after);
  const steps = isYear
    ? [1, -1, 2, -2, 10, -10, 5, -5]
    : value >= 100
      ? [10, -10, 100, -100, 1, -1]
      : [1, -1, 2, -2, 3, 5, -3, -5];
  const variants: string[] = [];
  for (const step of steps) {
    const candidate = value + (isYear || value < 100 ? step : Math.round((value * step) / 100) || step);
    if (candidate <= 0 || (isShare && Number(`${candidate}${fraction}`) > 100)) continue;
    const formatted = digits.includes(',') ? candidate.toLocaleString('en-US') : String(candidate);
    const text = `${before}${formatted}${fraction}${after}`;
    if (!avoid.has(text) && !variants.includes(text)) variants.push(text);
  }
  return variants;
}

/** Eras the text may not name enough of: 「平安時代」 among 「奈良時代」「鎌倉時代」. */
function otherEras(answer: string): string[] {
  if ((GENGO as readonly string[]).includes(answer)) return [...GENGO];
  if ((ERAS as readonly string[]).includes(answer)) {
    // The neighbouring eras first: they are the ones worth telling apart.
    const at = ERAS.indexOf(answer as (typeof ERAS)[number]);
    return [...ERAS].sort((x, y) => Math.abs(ERAS.indexOf(x) - at) - Math.abs(ERAS.indexOf(y) - at));
  }
  return [];
}

/** Whether a term is one the text stresses: defined, repeated, or listed with others. */
export const stressed = (term: Term) => term.definedIn !== undefined || term.count >= 2 || term.group !== '';

/**
 * Three wrong options for the answer of a question showing `shown` (empty for "in any question"),
 * up to the given tier; null when the material has too few.
 */
export function chooseDistractors(
  answer: Term,
  shown: string,
  terms: Map<string, Term>,
  difficulty: AiSettings['difficulty'],
  tier: DistractorTier = 1,
): Distractors | null {
  const usable = (term: Term) =>
    term.latin === answer.latin &&
    term.surface !== answer.surface &&
    !overlaps(term.surface, answer.surface) &&
    !shown.includes(term.surface);
  const rank = (pool: Term[]) =>
    pool
      .filter(usable)
      .map((term) => ({ term, like: likeness(term.surface, answer.surface) }))
      .sort(
        (x, y) =>
          (difficulty === '初級' ? x.like - y.like : y.like - x.like) ||
          y.term.count - x.term.count ||
          x.term.firstSeen - y.term.firstSeen,
      )
      .map(({ term }) => term.surface);
  const all = [...terms.values()];
  const picked: string[] = [];
  const take = (options: string[]) => {
    for (const option of options) {
      if (picked.length === 3) return;
      if (!picked.some((chosen) => overlaps(chosen, option))) picked.push(option);
    }
  };
  if (answer.group) take(rank(all.filter((term) => term.group === answer.group)));
  if (answer.kind === 'number') {
    const unit = unitOf(answer.surface);
    const avoid = new Set([
      answer.surface,
      ...picked,
      ...[...terms.keys()].filter((key) => shown.includes(key)),
    ]);
    take(numberVariants(answer.surface, avoid).filter((variant) => unitOf(variant) === unit));
  }
  if (answer.cls === 'era')
    take(otherEras(answer.surface).filter((era) => era !== answer.surface && !shown.includes(era)));
  if (!isSpecific(answer.cls)) {
    const sameKind = all.filter((term) => term.cls === answer.cls);
    if (tier >= 2) take(rank(sameKind.filter(stressed)));
    if (tier >= 3) take(rank(sameKind));
  }
  return picked.length === 3 ? { options: picked } : null;
}
