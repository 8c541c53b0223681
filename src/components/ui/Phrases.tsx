import { JapaneseLineParser } from '../../lib/line-rules.mjs';
import { WHOLE_WORDS } from '../../lib/whole-words.mjs';
import { PhrasedText } from './PhrasedText.tsx';

let parser: JapaneseLineParser | undefined;

/**
 * Japanese text cut into phrases by BudouX (made on first use: no work when the module loads), never
 * inside a whole word nor before a closing mark (src/lib/line-rules.mjs).
 */
export function phrasesOf(text: string): string[] {
  parser ??= new JapaneseLineParser();
  const words = [...text.matchAll(WHOLE_WORDS)].map((match) => [match.index, match.index + match[0].length] as const);
  const phrases: string[] = [];
  let start = 0;
  for (const boundary of parser.parseBoundaries(text)) {
    if (words.some(([from, to]) => from < boundary && boundary < to)) continue;
    phrases.push(text.slice(start, boundary));
    start = boundary;
  }
  if (start < text.length) phrases.push(text.slice(start));
  return phrases;
}

/**
 * Japanese prose drawn by an island, with line breaks only between phrases (docs/decisions/0020
 * does this at build time for the pages; islands render in the browser): BudouX's phrases joined
 * by <wbr> inside a keep-all span, whole words in no-wrap spans. The browser's own
 * `word-break: auto-phrase` left 「、」 alone on a line and split sentences mid-clause (issue 27).
 */
export function Phrases({ children }: { children: string }) {
  return <PhrasedText phrases={phrasesOf(children)} />;
}
