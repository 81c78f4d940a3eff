// The kinds of card (docs/design.md §4), apart from the card so a platform's spec can name the kinds it
// produces without depending on the card, which names the platforms.
export const KINDS = ['video', 'image', 'gallery', 'link'] as const;
export type Kind = (typeof KINDS)[number];
