// @ts-check
import { jaModel, Parser } from 'budoux';

/**
 * Japanese line-breaking rules (JIS X 4051 禁則処理, the part a phrase break can break): a line
 * never begins with a closing bracket or punctuation, and never ends with an opening bracket.
 * BudouX's model now and then puts a phrase boundary right before one (「…といいます。」 ｜
 * 「）は、」 in the terms), and a <wbr> there is honoured by the browser even under
 * `line-break: strict`.
 */
const NO_LINE_START = /[、。，．,.）)」』】〕〉》］\]｝}！!？?：；]/;
const NO_LINE_END = /[（(「『【〔〈《［[｛{]/;

/**
 * Whether a line may break before text[index].
 * @param {string} text
 * @param {number} index
 * @returns {boolean}
 */
export function mayBreakBefore(text, index) {
  return index > 0 && index < text.length && !NO_LINE_START.test(text[index] ?? '') && !NO_LINE_END.test(text[index - 1] ?? '');
}

/** BudouX's Japanese parser, keeping only the phrase boundaries the line rules allow. */
export class JapaneseLineParser extends Parser {
  constructor() {
    super(jaModel);
  }

  /**
   * @override
   * @param {string} sentence
   * @returns {number[]}
   */
  parseBoundaries(sentence) {
    return super.parseBoundaries(sentence).filter((boundary) => mayBreakBefore(sentence, boundary));
  }
}
