import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { isYear, JAPANESE_CHAR, type AnalysedSentence, type Analysis, type Term } from './key-terms';
import { tokenize, type Token } from './tokenizer';

/**
 * How an offline question reads, as a teacher would write it:
 * - a connective opening the sentence (「また、」「しかし、」«However,») is left out, and a sentence
 *   that points back (「これを…」「この水滴や…」«He wrote…») is shown after the sentence it points to;
 * - a Japanese sentence is rewritten into a question where its shape allows: 「〜を摂関政治という。」 →
 *   「〜を何というか。」, 「1582年、明智光秀が本能寺で信長を討った。」 → 「1582年、本能寺で信長を討ったの
 *   は誰か。」, 「明智光秀が本能寺で信長を討ったのは何年か。」, 「明智光秀が信長を討ったのはどこか。」,
 *   「標高は何メートルか。」; a topic は becomes が inside the のは-clause, and nothing is rewritten when
 *   the term sits in a relative clause or a second subject follows;
 * - otherwise it is a blank in the sentence, under a lead that says what goes in it (人物, 地名, 年…);
 * - the explanation quotes the sentence and adds what the question does not show: the sentence
 *   that defines the answer, another that mentions it, or the neighbouring one;
 * - the correct letters of a quiz are spread evenly over A–D.
 */
export const BLANK = '（　　　）';

export interface Stem {
  text: string;
  /** The text of the material the question shows (no wrong option may be in it). */
  shown: string;
}

const JAPANESE_CONNECTIVE =
  /^(?:また|さらに|しかし|一方|そして|なお|ただし|つまり|このように|その後|そのため|したがって|ところが|やがて|こうして|それから|そこで|ところで|例えば|たとえば|特に|まず|次に|最後に|これに対して|だが|けれども|しかも|すなわち|要するに|ちなみに|実際)、|^同じ(?:年|ころ|頃|日)(?:に|には)?、?/u;
const ENGLISH_CONNECTIVE =
  /^(?:(?:Also|However|Moreover|Furthermore|In addition|Meanwhile|Therefore|Thus|Besides|Finally|Instead|Likewise|Similarly|As a result|In fact|Next|Lastly|Then|For this reason),\s*|(?:Then|But|And|So|For this reason)\s+)/u;
const JAPANESE_POINTING_BACK =
  /^(?:これ|それ|この|その|こうした|このような|そうした|こう|ここ|そこ|彼|彼女)/u;
const ENGLISH_POINTING_BACK =
  /^(?:This|These|That|Those|It|They|He|She|His|Her|Its|Their|Such|Inside|(?:Before|After) (?:it|this|that|them))\b/u;

/** The sentence without the connective that opens it (and its first letter upper-cased in English). */
export function withoutConnective(text: string): string {
  if (JAPANESE_CHAR.test(text)) return text.replace(JAPANESE_CONNECTIVE, '');
  return text.replace(ENGLISH_CONNECTIVE, '').replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
}

/** Whether a sentence leans on the one before it to make sense. */
export const pointsBack = (text: string) =>
  JAPANESE_CHAR.test(text) ? JAPANESE_POINTING_BACK.test(text) : ENGLISH_POINTING_BACK.test(text);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sentence with the term blanked out; a term in Latin letters only as a whole word («Mars»,
 * not the start of «Marshall»).
 */
export function blankOut(sentence: string, term: string) {
  if (JAPANESE_CHAR.test(term)) return sentence.split(term).join(BLANK);
  return sentence.replace(
    new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escapeRegExp(term)}(?![\\p{Script=Latin}\\p{N}])`, 'gu'),
    BLANK,
  );
}

/** What a blank asks for, by the answer's class. */
function askedAs(term: Term): string {
  if (isYear(term)) return '年';
  if (term.kind === 'number')
    return /年\(期間\)/u.test(term.cls) ? '年数' : /^number:#年#月/u.test(term.cls) ? '日付' : '数値';
  const names: Record<string, string> = {
    person: '人物',
    clan: '一族',
    role: '人物',
    place: '地名',
    building: '建物',
    organization: '組織・団体',
    era: '時代',
    event: 'できごと',
    work: '作品',
  };
  return names[term.cls] ?? '語句';
}

/** The lead of a blank question: what to put in it, in two wordings so a quiz does not repeat itself. */
function blankLead(term: Term, english: boolean, wording: number): string {
  const what = askedAs(term);
  const sentence = english ? '英文' : '文';
  return wording % 2 === 0
    ? `次の${sentence}の${BLANK}に入る${what}として正しいものを選んでください。`
    : `${english ? '英文' : '文'}中の${BLANK}にあてはまる${what}を選んでください。`;
}

const text = (tokens: readonly Token[]) => tokens.map((token) => token.surface_form).join('');
const isParticle = (token: Token | undefined, surface?: string) =>
  token?.pos === '助詞' && (surface === undefined || token.surface_form === surface);
const OPENERS = /^[『「（(]$/u;
const CLOSERS = /^[』」）)]$/u;

/**
 * A clause as it reads inside 「…のは」: a topic 「は」 becomes 「が」 (「桓武天皇は」 → 「桓武天皇が」),
 * 「には」「では」 lose it, and the comma after it goes; titles in 『』 are left as they are.
 */
function embedded(tokens: readonly Token[]): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (OPENERS.test(token.surface_form)) depth += 1;
    if (CLOSERS.test(token.surface_form)) depth = Math.max(0, depth - 1);
    if (depth === 0 && token.pos_detail_1 === '係助詞' && token.surface_form === 'は') {
      const previous = tokens[i - 1];
      if (!(previous?.pos === '助詞' && previous.pos_detail_1 === '格助詞')) out += 'が';
      if (tokens[i + 1]?.surface_form === '、') i += 1;
      continue;
    }
    out += token.surface_form;
  }
  return out;
}

/** How a clause ends: a plain predicate (「討った」「している」), the copula (「である」「だ」), or neither. */
function ending(tokens: readonly Token[]): 'plain' | 'copula' | 'polite' | null {
  const last = tokens.at(-1);
  const previous = tokens.at(-2);
  if (!last) return null;
  if (/^(?:です|ます|でした|ました)$/u.test(last.surface_form)) return 'polite';
  if (
    last.pos === '助動詞' &&
    (last.basic_form === 'だ' || (last.surface_form === 'ある' && previous?.surface_form === 'で'))
  )
    return 'copula';
  if (last.pos === '動詞' || last.pos === '形容詞') return 'plain';
  if (last.pos === '助動詞' && /^(?:た|ない|ぬ|れる|られる|せる|させる|たい)$/u.test(last.basic_form))
    return 'plain';
  return null;
}

/** The copula at a clause's end (「である」「だ」), to be replaced by 「か」. */
const copulaLength = (tokens: readonly Token[]) =>
  tokens.at(-1)?.surface_form === 'ある' && tokens.at(-2)?.surface_form === 'で' ? 2 : 1;

/** Whether a subject other than the answer's (「〜が」「〜は」 outside brackets) is in the tokens. */
function hasSubject(tokens: readonly Token[]): boolean {
  let depth = 0;
  return tokens.some((token, at) => {
    if (OPENERS.test(token.surface_form)) depth += 1;
    if (CLOSERS.test(token.surface_form)) depth = Math.max(0, depth - 1);
    if (depth > 0 || token.pos !== '助詞') return false;
    if (token.surface_form === 'が' && token.pos_detail_1 === '格助詞') return true;
    return token.surface_form === 'は' && !isParticle(tokens[at - 1]);
  });
}

/**
 * Whether the tokens are one predicate with what it governs and nothing after it: once a verb
 * comes, only verbs, auxiliaries and 「て」 follow (「信長を討った」, not 「留学した経験をもとに書いた」).
 */
function finalPredicate(tokens: readonly Token[]): boolean {
  if (tokens.some((token) => token.surface_form === '、')) return false;
  const verb = tokens.findIndex((token) => token.pos === '動詞');
  if (verb < 0) return false;
  return tokens
    .slice(verb)
    .every(
      (token) =>
        token.pos === '動詞' ||
        token.pos === '助動詞' ||
        (token.pos === '助詞' &&
          /^(?:て|で)$/u.test(token.surface_form) &&
          token.pos_detail_1 === '接続助詞'),
    );
}

/** Whether the tokens hold no verb, adjective or auxiliary: adverbials only (「1167年には」). */
const adverbial = (tokens: readonly Token[]) =>
  tokens.every((token) => !['動詞', '形容詞', '助動詞'].includes(token.pos));

/** The part of what precedes the answer that can stay in a のは-question: from the last comma on if earlier clauses have verbs. */
function leadingClause(before: readonly Token[]): Token[] | null {
  const last = before.at(-1);
  // 「…に仕えた清少納言は」 (a relative clause) or 「…の清少納言」 describe the answer: no rewrite.
  if (last && !(last.surface_form === '、' || (last.pos === '助詞' && last.pos_detail_1 !== '連体化')))
    return null;
  if (adverbial(before)) return [...before];
  const comma = before.findLastIndex((token) => token.surface_form === '、');
  const tail = before.slice(comma + 1);
  return comma >= 0 && adverbial(tail) ? tail : null;
}

/** 「…のは誰か」: the answer is the person doing what the sentence says. */
function askWho(before: Token[], after: Token[]): string | null {
  const particle = after[0];
  if (!particle || !(isParticle(particle, 'は') || isParticle(particle, 'が'))) return null;
  const rest = after.slice(particle.surface_form === 'は' && after[1]?.surface_form === '、' ? 2 : 1);
  const kept = leadingClause(before);
  if (!kept || hasSubject(rest) || hasSubject(kept) || ending(rest) !== 'plain') return null;
  return `${embedded(kept)}${embedded(rest)}のは誰か。`;
}

/** 「…のは何年か」: a year opening the sentence (「1582年、」「1871年には」「翌1868年、」). */
function askWhen(term: Term, before: Token[], after: Token[]): string | null {
  // The year opens the sentence, or the last clause of it (「院政のもとで…のばし、1167年には…」).
  const comma = before.findLastIndex((token) => token.surface_form === '、');
  if (!before.slice(comma + 1).every((token) => token.pos === '接頭詞')) return null;
  let at = 0;
  if (isParticle(after[at], 'に')) at += 1;
  if (isParticle(after[at], 'は')) at += 1;
  if (after[at]?.surface_form === '、') at += 1;
  if (at === 0 || isParticle(after[at])) return null;
  const rest = after.slice(at);
  if (ending(rest) !== 'plain' || rest.length < 3) return null;
  // A last clause asked alone keeps its own subject (「施行されたのは」 would have lost 日本国憲法),
  // and the year dates all that follows it (not 「学制が発表され、1873年に徴兵令が…」).
  if ((comma >= 0 && !hasSubject(rest)) || rest.some((token) => token.pos_detail_1 === '数')) return null;
  return `${embedded(rest)}のは${isYear(term) ? '何年' : 'いつ'}か。`;
}

/** 「標高は何メートルか」: a number in the sentence's last clause, asked with 何. */
function askHowMany(term: Term, before: Token[], after: Token[]): string | null {
  if (after.some((token) => token.surface_form === '、')) return null;
  const end = ending(after);
  if (!end) return null;
  // A number in a relative clause (「何年に江戸幕府が倒れて…成立した一連の改革か」) is not what the
  // sentence asserts: a verb is followed by nothing but its auxiliaries (「こと」 aside).
  const verb = after.findIndex((token) => token.pos === '動詞');
  if (verb >= 0 && after.slice(verb).some((token) => token.pos === '名詞' && token.pos_detail_1 !== '非自立'))
    return null;
  const asked = term.surface.replace(/\d[\d,.]*/g, '何').replace(/^何つ$/u, 'いくつ');
  let rest = end === 'copula' ? after.slice(0, after.length - copulaLength(after)) : after;
  // 「何年には…なったか」 reads 「何年に…なったか」.
  if (isParticle(rest[0], 'に') && isParticle(rest[1], 'は')) rest = [rest[0]!, ...rest.slice(2)];
  return `${text(before)}${asked}${text(rest)}か。`;
}

/** 「…のはどこか」「…のは何か」: a place or a named thing the final predicate governs. */
function askWhereOrWhat(term: Term, before: Token[], after: Token[]): string | null {
  const particle = after[0];
  const place = term.cls === 'place' || term.cls === 'building';
  const thing = ['work', 'building', 'reform', 'event', 'organization'].includes(term.cls);
  const rest = after.slice(1);
  if (!particle || particle.pos !== '助詞' || !finalPredicate(rest) || ending(rest) !== 'plain') return null;
  const last = before.at(-1);
  if (last && !(last.surface_form === '、' || (last.pos === '助詞' && last.pos_detail_1 !== '連体化')))
    return null;
  if (place && /^(?:で|に|へ|から)$/u.test(particle.surface_form) && particle.pos_detail_1 === '格助詞')
    return `${embedded(before)}${text(rest)}のはどこか。`;
  if (thing && particle.surface_form === 'を') return `${embedded(before)}${text(rest)}のは何か。`;
  return null;
}

/** Ordinary nouns and names a definition or a naming asks for (not people, not numbers). */
const definable = (term: Term) => term.kind !== 'number' && !['person', 'clan'].includes(term.cls);

/** 「〜を何というか」「〜は何と呼ばれるか」: the sentence defines or names the answer. */
function askWhatCalled(term: Term, before: Token[], after: Token[]): string | null {
  if (!definable(term)) return null;
  // Quotation marks around the answer go with it: 「日本の穀倉地帯」と呼ばれている.
  const quoted = before.at(-1)?.surface_form === '「' && after[0]?.surface_form === '」';
  const lead = quoted ? before.slice(0, -1) : before;
  const tail = quoted ? after.slice(1) : after;
  const [first, second, third] = tail;
  const ends = (at: number) => !tail[at] || tail[at]!.surface_form === '、';
  const object = lead.at(-1)?.surface_form === 'を' && text(lead).length >= 6;
  if (object && first?.surface_form === 'という' && ends(1)) return `${text(lead)}何というか。`;
  if (object && isParticle(first, 'と') && second?.pos === '動詞' && ends(2)) {
    if (/^(?:いう|言う)$/u.test(second.basic_form)) return `${text(lead)}何というか。`;
    if (second.basic_form === '呼ぶ') return `${text(lead)}何と呼ぶか。`;
  }
  if (
    isParticle(first, 'と') &&
    second?.surface_form === '呼ば' &&
    !tail.some((token) => token.surface_form === '、')
  )
    return `${text(lead)}何と${text(tail.slice(1))}か。`;
  if (lead.length === 0 && isParticle(first, 'と') && third && second?.surface_form === 'は') {
    // 「国民主権とは、〜という考え方である。」
    const body = tail.slice(third.surface_form === '、' ? 3 : 2);
    return definedAs(body);
  }
  if (lead.length === 0 && isParticle(first, 'は') && term.definedIn !== undefined) {
    const body = tail.slice(second?.surface_form === '、' ? 2 : 1);
    if (
      !body.some((token) => token.surface_form === '、') &&
      !hasSubject(body.filter((token) => token.surface_form !== 'が'))
    )
      return definedAs(body);
  }
  // 「…浮かんでいるものが雲である。」
  if (
    lead.at(-1)?.surface_form === 'が' &&
    tail.length > 0 &&
    ending(tail) === 'copula' &&
    tail.length === copulaLength(tail)
  )
    return `${text(lead.slice(0, -1))}を何というか。`;
  return null;
}

/** 「〜である」「〜のことだ」「〜をいう」 after a definition: 「〜を何というか」. */
function definedAs(body: Token[]): string | null {
  let core = body;
  if (ending(core) === 'copula') core = core.slice(0, core.length - copulaLength(core));
  else if (core.at(-1)?.basic_form === 'いう' && core.at(-2)?.surface_form === 'を') core = core.slice(0, -2);
  else return null;
  const last = core.at(-1);
  if (!last || last.pos !== '名詞' || text(core).length < 6) return null;
  return `${text(core)}を何というか。`;
}

/**
 * The Japanese sentence rewritten into a question about the term, or null when its shape does not
 * allow one (see the module comment).
 */
export function japaneseQuestion(tokens: readonly Token[], sentence: string, term: Term): string | null {
  let start = sentence.indexOf(term.surface);
  let end = start + term.surface.length;
  if (start < 0) return null;
  // A title is asked without its 『』.
  if (sentence[start - 1] === '『' && sentence[end] === '』') {
    start -= 1;
    end += 1;
  }
  let at = 0;
  let first = -1;
  let last = -1;
  tokens.forEach((token, index) => {
    if (at === start) first = index;
    at += token.surface_form.length;
    if (at === end) last = index + 1;
  });
  if (first < 0 || last < 0) return null;
  const before = tokens.slice(0, first);
  const after = tokens.slice(last, tokens.at(-1)?.surface_form === '。' ? -1 : undefined);
  const question =
    askWhatCalled(term, before, after) ??
    (term.cls === 'person' ? askWho(before, after) : null) ??
    (term.kind === 'number' && /年/u.test(term.surface) ? askWhen(term, before, after) : null) ??
    (term.kind === 'number' ? askHowMany(term, before, after) : null) ??
    askWhereOrWhat(term, before, after);
  if (!question || question.includes(term.surface) || question.length > 400) return null;
  return question;
}

/** The sentence before, in the same paragraph, for a sentence that points back to it. */
function previousOf(analysis: Analysis, sentence: AnalysedSentence): AnalysedSentence | undefined {
  const previous = analysis.sentences[sentence.index - 1];
  return previous && previous.paragraph === sentence.paragraph ? previous : undefined;
}

/**
 * How a question about the term in this sentence reads (see the module comment), or null when the
 * sentence needs a context the text cannot give without showing the answer.
 */
export function stemOf(
  analysis: Analysis,
  sentence: AnalysedSentence,
  term: Term,
  tokenizer: Tokenizer<IpadicFeatures>,
  wording: number,
): Stem | null {
  const body = withoutConnective(sentence.text);
  if (!body.includes(term.surface)) return null;
  const english = !JAPANESE_CHAR.test(body);
  const question = english ? null : japaneseQuestion(tokenize(tokenizer, body), body, term);
  let context = '';
  if (pointsBack(question ?? body)) {
    const previous = previousOf(analysis, sentence);
    const shown = previous && withoutConnective(previous.text);
    if (!shown || shown.includes(term.surface) || pointsBack(shown) || shown.length > 200) return null;
    context = shown;
  }
  if (question) return { text: `${context}${question}`, shown: `${context}${question}` };
  const spaced = english && context ? `${context} ` : context;
  return {
    text: `${blankLead(term, english, wording)}\n「${spaced}${blankOut(body, term.surface)}」`,
    shown: `${spaced}${body}`,
  };
}

/** How far from the question's sentence a neighbour for the explanation is looked for. */
const NEIGHBOUR_REACH = 3;

/**
 * The explanation: the answer, the sentence it comes from when the question does not show it
 * whole, and one more sentence the question does not show (the definition of the answer, another
 * mention of it, or the neighbouring sentence).
 */
export function explanationOf(
  analysis: Analysis,
  sentence: AnalysedSentence,
  term: Term,
  stem: Stem,
): string {
  const shown = stem.shown.replace(/\s+/g, '');
  const notShown = (index: number | undefined) => {
    const other = index === undefined ? undefined : analysis.sentences[index];
    return other &&
      other.index !== sentence.index &&
      other.text.length <= 300 &&
      !shown.includes(other.text.replace(/\s+/g, ''))
      ? other
      : undefined;
  };
  const parts = [`正解は「${term.surface}」です。`];
  // A question rewritten from the sentence does not show it: the explanation does.
  const rewritten = !stem.text.includes(BLANK);
  if (rewritten) parts.push(`本文には「${sentence.text}」とあります。`);
  const definition = notShown(term.definedIn);
  const mention = term.sentences.map(notShown).find((other) => other !== undefined);
  // The nearest sentence of the paragraph the question does not show, after it first.
  const inParagraph = (index: number) => {
    const other = notShown(index);
    return other && other.paragraph === sentence.paragraph ? other : undefined;
  };
  let neighbour: AnalysedSentence | undefined;
  for (let distance = 1; !neighbour && distance <= NEIGHBOUR_REACH; distance++)
    neighbour = inParagraph(sentence.index + distance) ?? inParagraph(sentence.index - distance);
  if (definition)
    parts.push(`「${term.surface}」について、本文では「${definition.text}」と説明されています。`);
  else if (mention) parts.push(`${rewritten ? 'また、' : '本文には'}「${mention.text}」ともあります。`);
  else if (neighbour)
    parts.push(
      neighbour.index > sentence.index
        ? `この文のあとには「${neighbour.text}」と続きます。`
        : `この文の前には「${neighbour.text}」とあります。`,
    );
  else {
    // A sentence elsewhere about the same things (a term of the question's sentence).
    const related = sentence.terms
      .filter((surface) => surface !== term.surface)
      .flatMap((surface) => analysis.terms.get(surface)?.sentences ?? [])
      .map(notShown)
      .find((other) => other !== undefined);
    if (related) parts.push(`${rewritten ? 'また、' : '本文には'}「${related.text}」ともあります。`);
    else if (!rewritten) parts.push(`本文には「${sentence.text}」とあります。`);
  }
  return parts.join('').slice(0, 1000);
}

/**
 * Where each question's correct answer goes (0–3), so that over a quiz every letter is correct as
 * often as any other within one: each run of four questions takes the four letters in a shuffled order.
 */
export function answerPositions(count: number, random: () => number): number[] {
  const positions: number[] = [];
  while (positions.length < count) {
    const block = [0, 1, 2, 3];
    for (let i = block.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [block[i], block[j]] = [block[j]!, block[i]!];
    }
    positions.push(...block);
  }
  return positions.slice(0, count);
}

/** The options with the answer at `position` and the wrong ones shuffled around it. */
export function placeAnswer(
  answer: string,
  wrong: readonly string[],
  position: number,
  random: () => number,
): string[] {
  const shuffled = [...wrong];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  shuffled.splice(position, 0, answer);
  return shuffled;
}
