import { Fragment, type ReactNode } from 'react';
import { WHOLE_WORDS } from '../../lib/whole-words.mjs';

/** A phrase with its whole words in no-wrap spans. */
function phraseWithWholeWords(phrase: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of phrase.matchAll(WHOLE_WORDS)) {
    if (match.index > last) parts.push(phrase.slice(last, match.index));
    parts.push(
      <span key={match.index} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return phrase;
  if (last < phrase.length) parts.push(phrase.slice(last));
  return parts;
}

/**
 * Japanese text already cut into phrases, with line breaks only between them: the phrases joined
 * by <wbr> inside a keep-all span, whole words in no-wrap spans. Phrases computes the cut in the
 * browser (BudouX); texts known when the page is built can be cut there and passed as props, so
 * BudouX never reaches the browser for them (the member menu, src/layouts/MemberLayout.astro).
 */
export function PhrasedText({ phrases }: { phrases: readonly string[] }) {
  return (
    <span className="phrases">
      {phrases.map((phrase, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {phraseWithWholeWords(phrase)}
        </Fragment>
      ))}
    </span>
  );
}
