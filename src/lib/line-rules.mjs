// @ts-check
import { jaModel, Parser } from 'budoux';

/**
 * Japanese line-breaking rules (JIS X 4051 禁則処理, the part a phrase break can break): a line
 * never begins with a closing bracket or punctuation, never ends with an opening bracket, and
 * never cuts a number from its counter.
 * BudouX's model now and then puts a phrase boundary right before one (「…といいます。」 ｜
 * 「）は、」 in the terms), and a <wbr> there is honoured by the browser even under
 * `line-break: strict`.
 */
const NO_LINE_START = /[、。，．,.）)」』】〕〉》］\]｝}！!？?：；]/;
const NO_LINE_END = /[（(「『【〔〈《［[｛{]/;

const DIGIT = /[0-9０-９]/;
/** What may follow a digit in the same number or as its counter (「3,300円」, 「25分」, 「12か月」). */
const NUMBER_GOES_ON = /[0-9０-９,，.．:：分回日時円歳冊枚人件年月週ヶかカ％%]/;

/**
 * Whether a line may break before text[index]: not before a closing mark nor after an opening
 * one, and not inside a number with its counter or a range (「1回25｜分から」, 「2〜｜3営業日」,
 * 「12か｜月」).
 * @param {string} text
 * @param {number} index
 * @returns {boolean}
 */
export function mayBreakBefore(text, index) {
  const before = text[index - 1] ?? '';
  const after = text[index] ?? '';
  if (index <= 0 || index >= text.length || NO_LINE_START.test(after) || NO_LINE_END.test(before)) return false;
  if (DIGIT.test(before) && NUMBER_GOES_ON.test(after)) return false;
  if (/[〜～]/.test(before) && DIGIT.test(after)) return false;
  return !(after === '月' && /[かヶカケ]/.test(before) && DIGIT.test(text[index - 2] ?? ''));
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
