import { jaModel, Parser } from 'budoux';
import { Fragment } from 'react';

let parser: Parser | undefined;

/** Japanese text cut into phrases by BudouX (made on first use: no work when the module loads). */
export function phrasesOf(text: string): string[] {
  parser ??= new Parser(jaModel);
  return parser.parse(text);
}

/**
 * Japanese prose drawn by an island, with line breaks only between phrases (docs/decisions/0020
 * does this at build time for the pages; islands render in the browser): BudouX's phrases joined
 * by <wbr> inside a keep-all span. The browser's own `word-break: auto-phrase` left 「、」 alone on a
 * line and split sentences mid-clause (issue 27).
 */
export function Phrases({ children }: { children: string }) {
  const phrases = phrasesOf(children);
  return (
    <span className="phrases">
      {phrases.map((phrase, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}
