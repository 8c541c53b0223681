// @ts-check
/**
 * Words that never break inside a line: hyphenated Latin words (ESAT-J, Wi-Fi) at their hyphen,
 * and a katakana word joined by 「・」 to katakana or kanji words (クーリング・オフ, キッズ・大人プラン),
 * after whose dot the browser would break even under `word-break: keep-all`, and ranges and
 * counts that BudouX cut (「11:00〜｜19:00」, 「2〜｜3営業日」, 「12か｜月」, 「パートA〜｜D」). Kept whole in a
 * no-wrap span by the pages' build-time breaks (scripts/phrase-breaks.mjs) and by the islands'
 * phrases (src/components/ui/Phrases.tsx, PhrasedText.tsx).
 */
export const WHOLE_WORDS =
  /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+|[ァ-ヺー]+(?:・[ァ-ヺー一-龯々]+)+|[0-9]+(?::[0-9]{2})?[〜～][0-9]+(?::[0-9]{2})?(?:営業日|か月|ヶ月|カ月)?|[0-9]+(?:か月|ヶ月|カ月)|[A-Z][〜～][A-Z]/g;
