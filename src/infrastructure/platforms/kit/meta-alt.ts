// The alt text of an Instagram-family photo (Instagram, Threads): their `accessibility_caption`
// holds what the author wrote, or, when they wrote nothing, the text Meta's image recognition makes
// up in fixed templates. docs/design.md §4 makes `alt` the author's text, so only that is kept.
import { nonEmpty } from './text.js';

/**
 * `accessibility_caption` when the author wrote it; undefined for Meta's machine templates
 * ("Photo by Tesla in Tesla Factory.", "Photo shared by … on … tagging …", "May be an image of 2
 * people and text", "Image may contain: …", "No photo description available.").
 */
export function authorAlt(value: unknown): string | undefined {
  const text = nonEmpty(value);
  return text && !MACHINE_ALT.test(text) ? text : undefined;
}

const MACHINE_ALT = /^(?:Photo(?: shared)? by \S|May be |Image may contain|No photo description available)/;
