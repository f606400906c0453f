const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
const APOSTROPHE = /['’]/;

/** Whether the character at `index` belongs to a word: a letter or digit, or an apostrophe between two of them (don't). */
function isWordChar(text: string, index: number): boolean {
  const char = text[index];
  if (char === undefined) return false;
  if (LETTER_OR_DIGIT.test(char)) return true;
  return APOSTROPHE.test(char) && LETTER_OR_DIGIT.test(text[index - 1] ?? '') && LETTER_OR_DIGIT.test(text[index + 1] ?? '');
}

/** Whether a position falls between two characters of one word. */
export function insideWord(text: string, position: number): boolean {
  return isWordChar(text, position - 1) && isWordChar(text, position);
}

export function wordStart(text: string, position: number): number {
  let start = position;
  while (start > 0 && isWordChar(text, start - 1)) start--;
  return start;
}

export function wordEnd(text: string, position: number): number {
  let end = position;
  while (isWordChar(text, end)) end++;
  return end;
}

/** Whether a character is a letter or a digit: emphasis underscores between two of them are plain text. */
export function isLetterOrDigit(char: string | undefined): boolean {
  return char !== undefined && LETTER_OR_DIGIT.test(char);
}
