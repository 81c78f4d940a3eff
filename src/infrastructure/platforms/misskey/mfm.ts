// Misskey's MFM markup as plain text: functions (`$[x2 text]`, `$[fg.color=f00 text]`) unwrapped to
// their text, bold and strike marks (`**…**`, `~~…~~`) and its few HTML-like tags (`<center>`,
// `<small>`, `<i>`, `<plain>`) dropped. Mentions, hashtags, links and `:emoji:` stay as written:
// they are text.

const FUNCTION = /\$\[[a-z0-9_]{1,32}(?:\.[^\s\]]{0,200})?\s((?:(?!\$\[)[^\]])*)\]/gi;
const TAGS = /<\/?(?:center|small|i|b|s|plain|sup|sub)>/gi;
const MARKS = /(\*\*|~~)(?=\S)([^\n]*?\S)\1/g;

export function mfmToText(mfm: string): string {
  let text = mfm;
  // Innermost functions first, until none is left (nesting is bounded by the text's length).
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(FUNCTION, '$1');
  }
  return text.replace(TAGS, '').replace(MARKS, '$2').trim();
}
