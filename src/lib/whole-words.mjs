// @ts-check
/**
 * Words that never break inside a line: hyphenated Latin words (ESAT-J, Wi-Fi) at their hyphen,
 * and katakana words joined by 「・」 (クーリング・オフ), after whose dot the browser would break even
 * under `word-break: keep-all`. Kept whole in a no-wrap span by the pages' build-time breaks
 * (scripts/phrase-breaks.mjs) and by the islands' Phrases (src/components/ui/Phrases.tsx).
 */
export const WHOLE_WORDS = /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|[ァ-ヺー]+(?:・[ァ-ヺー]+)+/g;
