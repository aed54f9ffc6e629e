/**
 * Text that people read as a name or a title must be visible. Characters that render as nothing
 * (Unicode's Default_Ignorable_Code_Point: zero-width spaces, joiners, variation selectors, the
 * Hangul fillers, the combining grapheme joiner...) and blank-looking symbols let one name pass for
 * another or a title look empty. The web forms and the functions apply the same rules.
 */

/** Characters that show nothing: default-ignorable, blank symbols, whitespace and controls. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cc}\p{Cf}\u2800]/gu;

/**
 * Emoji sequences legitimately carry default-ignorable characters (U+FE0F presentation selector,
 * U+200D joiner, keycap U+20E3): a family emoji, ❤️, 1️⃣. They are taken out before looking for
 * stray invisible characters.
 */
const EMOJI_SEQUENCE =
  /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)?)*|[#*0-9]\uFE0F?\u20E3|\p{Emoji}\uFE0F/gu;

/** True when nothing of `text` would be seen (empty, spaces, zero-width characters only). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]/u;

/**
 * True when `text` holds an invisible character other than a plain space: anywhere
 * (`emoji: false`, for usernames), or outside an emoji sequence (nicknames may be 「花子❤️」).
 */
export function hasHiddenCharacters(text: string, { emoji = true } = {}): boolean {
  return HIDDEN.test(emoji ? text.replace(EMOJI_SEQUENCE, '') : text);
}

/** Half of a surrogate pair on its own. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * True when `text` is not well-formed Unicode: half of a surrogate pair on its own (JSON may carry
 * one as `"\ud800"`). No character is written that way; such a string cannot be encoded as UTF-8
 * or put in an address (`encodeURIComponent` throws), so it is refused where requests are read.
 */
export const hasLoneSurrogate = (text: string) => text.search(LONE_SURROGATE) >= 0;

/** `text` with each lone surrogate put as U+FFFD (for text stored before requests were checked). */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
