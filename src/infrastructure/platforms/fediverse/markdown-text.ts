// Markdown (Lemmy posts and comments, PeerTube descriptions) as the card's plain text: the marks go,
// the words and link targets stay — `[text](url)` reads `text (url)`, an image its alt text.

export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/!\[([^\]\n]{0,500})\]\([^)\s]{1,2000}(?:\s+"[^"\n]*")?\)/g, '$1')
    .replace(/\[([^\]\n]{1,500})\]\((https?:\/\/[^)\s]{1,2000})(?:\s+"[^"\n]*")?\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/^ {0,3}#{1,6}\s+/gm, '')
    .replace(/^ {0,3}>\s?/gm, '')
    .replace(/^ {0,3}(?:[-*_]\s*){3,}$/gm, '')
    .replace(/^:::\s*spoiler\s*/gm, '')
    .replace(/^:::\s*$/gm, '')
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?=\S)([^\n*_]*?\S)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/~~(?=\S)([^\n]*?\S)~~/g, '$1')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
