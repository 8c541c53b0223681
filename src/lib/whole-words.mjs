// @ts-check
/**
 * Words that never break inside a line: hyphenated Latin words (ESAT-J, Wi-Fi) at their hyphen,
 * and a katakana word joined by 「・」 to katakana or kanji words (クーリング・オフ, キッズ・大人プラン),
 * after whose dot the browser would break even under `word-break: keep-all`. Kept whole in a
 * no-wrap span by the pages' build-time breaks (scripts/phrase-breaks.mjs) and by the islands'
 * phrases (src/components/ui/Phrases.tsx, PhrasedText.tsx).
 */
export const WHOLE_WORDS = /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|[ァ-ヺー]+(?:・[ァ-ヺー一-龯々]+)+/g;
