// Makes recorded definitions small without changing what they mean: each reduction (cutting an
// HTML page, dropping one data script, capping a long body, leaving out a JSON field) is kept only
// when replaying the result still gives the live outcome. The parser, not a guess, decides what
// it reads.
import { cutHtml, joinCut, looksLikeHtml, type HtmlCutMode } from './html-cut.js';
import { jsonFields, jsonInBody, Removals, type BodyJson } from './json-in-body.js';
import type { RecordedExchange } from './recorded-exchanges.js';

/** Does replaying these definitions give the outcome of the live run? */
export type SameOutcome = (defs: RecordedExchange[]) => Promise<boolean>;

export interface Trimmed {
  defs: RecordedExchange[];
  /** One line per body that was cut, capped, or could not be. */
  notes: string[];
}

/** Bodies longer than this (characters; hex digits for binary) are cut to it when the outcome allows. */
export const MAX_BODY_CHARS = 64 * 1024;
// Pages can hold hundreds of data blocks, and answers thousands of fields; past the largest ones,
// a trial saves little.
const MAX_PRUNE_TRIALS = 200;
const MAX_FIELD_TRIALS = 500;

/** The fixture file's text, as written. */
export function fixtureText(defs: readonly RecordedExchange[]): string {
  return `${JSON.stringify(defs, null, 2)}\n`;
}

export interface TrimOptions {
  /**
   * Over this many bytes, JSON fields the outcome does not depend on are left out, largest
   * first, until the file fits. Under it, JSON stays as the platform sent it.
   */
  budgetBytes?: number;
}

const CUTS: [HtmlCutMode, string][] = [
  ['head', 'title, meta, links and data scripts'],
  ['markup', 'markup without styles, SVG, comments and code scripts'],
];

export async function trimDefinitions(defs: readonly RecordedExchange[], sameOutcome: SameOutcome, options: TrimOptions = {}): Promise<Trimmed> {
  let current = [...defs];
  const notes: string[] = [];
  /** Replaces body `i` if the outcome stays the same. */
  const tryBody = async (i: number, response: string): Promise<boolean> => {
    const candidate = current.map((d, j) => (j === i ? { ...d, response } : d));
    if (!(await sameOutcome(candidate))) return false;
    current = candidate;
    return true;
  };

  for (let i = 0; i < current.length; i++) {
    const def = current[i]!;
    if (typeof def.response !== 'string' || def.responseIsBinary || !looksLikeHtml(def.headers?.['content-type']?.toString(), def.response)) continue;
    const html = def.response;
    notes.push(`${where(def)}: ${await cutPage(i, html, tryBody)}`);
  }

  const budget = options.budgetBytes ?? Infinity;
  if (Buffer.byteLength(fixtureText(current)) > budget) {
    const before = Buffer.byteLength(fixtureText(current));
    const pruned = await leaveOutFields(current, sameOutcome, budget);
    if (pruned.removed > 0) {
      current = pruned.defs;
      notes.push(`${pruned.removed} JSON fields the outcome does not depend on left out, largest first, to approach the ${budget}-byte budget (${before} → ${Buffer.byteLength(fixtureText(current))} bytes)`);
    }
  }

  for (let i = 0; i < current.length; i++) {
    const def = current[i]!;
    if (typeof def.response !== 'string' || def.response.length <= MAX_BODY_CHARS) continue;
    const capped = await tryBody(i, def.response.slice(0, def.responseIsBinary ? MAX_BODY_CHARS - (MAX_BODY_CHARS % 2) : MAX_BODY_CHARS));
    notes.push(
      capped
        ? `${where(def)}: body capped at ${MAX_BODY_CHARS} characters`
        : `${where(def)}: body of ${def.response.length} characters kept whole (the outcome needs more than the first ${MAX_BODY_CHARS})`,
    );
  }
  return { defs: current, notes };
}

/** Leaves out JSON fields, largest first, each only if the outcome stays, until the file fits. */
async function leaveOutFields(defs: RecordedExchange[], sameOutcome: SameOutcome, budget: number): Promise<{ defs: RecordedExchange[]; removed: number }> {
  const bodies = defs.map((d) => jsonInBody(d.response));
  const docIds = bodies.map((b, i) => (b ? b.docs.map((_, doc) => `${i}:${doc}`) : []));
  const fields = bodies
    .flatMap((body, i) => (body ? jsonFields(body.docs).map((field) => ({ ...field, def: i })) : []))
    .sort((a, b) => b.size - a.size)
    .slice(0, MAX_FIELD_TRIALS);
  const removals = new Removals();
  const removedNodes = new WeakSet<object>();
  const changed = new Map<string, number>(); // removals per document
  const render = () =>
    defs.map((d, i) => {
      const body = bodies[i] as BodyJson | undefined;
      if (!body) return d;
      const docs = new Set(docIds[i]!.flatMap((id, doc) => ((changed.get(id) ?? 0) > 0 ? [doc] : [])));
      return { ...d, response: body.render(removals, docs) };
    });

  let current = defs;
  let removed = 0;
  for (const field of fields) {
    if (field.ancestors.some((node) => removedNodes.has(node))) continue;
    const id = `${field.def}:${field.doc}`;
    removals.add(field.parent, field.key);
    changed.set(id, (changed.get(id) ?? 0) + 1);
    const candidate = render();
    if (await sameOutcome(candidate)) {
      current = candidate;
      removed++;
      if (field.value !== null && typeof field.value === 'object') removedNodes.add(field.value);
      if (Buffer.byteLength(fixtureText(current)) <= budget) break;
    } else {
      removals.delete(field.parent, field.key);
      changed.set(id, changed.get(id)! - 1);
    }
  }
  return { defs: current, removed };
}

/** The first cut that keeps the outcome, then without each optional piece it does not need. */
async function cutPage(i: number, html: string, tryBody: (i: number, response: string) => Promise<boolean>): Promise<string> {
  let tried = false;
  for (const [mode, what] of CUTS) {
    const cut = cutHtml(html, mode);
    const whole = joinCut(cut);
    if (whole.length >= html.length) continue;
    tried = true;
    if (!(await tryBody(i, whole))) continue;
    const dropped = new Set<number>();
    const optional = cut.pieces
      .map((piece, index) => ({ index, size: piece.text.length, optional: piece.optional }))
      .filter((p) => p.optional)
      .sort((a, b) => b.size - a.size)
      .slice(0, MAX_PRUNE_TRIALS);
    for (const { index } of optional) {
      dropped.add(index);
      if (!(await tryBody(i, joinCut(cut, dropped)))) dropped.delete(index);
    }
    const after = joinCut(cut, dropped).length;
    return `HTML cut to ${what} (${html.length} → ${after} characters; ${optional.length - dropped.size} of ${optional.length} data pieces needed)`;
  }
  if (!tried) return `HTML left as it is (${html.length} characters): nothing to cut`;
  return `HTML kept whole (${html.length} characters): every cut changed the outcome; trim it by hand`;
}

function where(def: RecordedExchange): string {
  return `${def.method} ${def.scope}${def.path.split('?')[0]}`;
}
