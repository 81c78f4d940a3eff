// Replay's lookup table: the recorded exchanges indexed once, at load, by method, scope and path
// (definitionKey), each with its answer already prepared (recorded-answer.ts). A request then looks
// only at the few definitions of its own key and checks their queries and bodies; scanning every recorded
// exchange per request made a replaying instance slow under load (issue 13). Which definition
// answers is unchanged: the first one, in load order, that exchangeMatches.
import type { Logger } from '../../application/ports/logger.port.js';
import { hasCorrections, prepareAnswer, type AnswerCorrections, type RecordedAnswer } from './recorded-answer.js';
import { bodyMatches, definitionKey, definitionQuery, queryMatches, requestKey, type RecordedExchange } from './recorded-exchanges.js';

export interface IndexedExchange {
  /** The query parameters the request must carry. */
  query: URLSearchParams;
  /** The request body the definition asks for (recorded-exchanges.ts bodyMatches); absent: any. */
  body?: unknown;
  answer: RecordedAnswer;
}

export class RecordedExchangeIndex {
  private readonly byKey = new Map<string, IndexedExchange[]>();

  /** Logs one line for each definition corrected or refused (method and URL without query: it may hold a token). */
  constructor(defs: readonly RecordedExchange[], logger: Logger) {
    for (const def of defs) {
      const where = { method: def.method, url: `${def.scope}${def.path.split('?')[0]}` };
      const indexed = indexEntry(def);
      if ('reason' in indexed) {
        logger.warn({ ...where, reason: indexed.reason }, 'replay: recorded exchange refused');
        continue;
      }
      if (hasCorrections(indexed.corrections)) logger.warn({ ...where, ...indexed.corrections }, 'replay: recorded answer corrected');
      const list = this.byKey.get(indexed.key);
      if (list) list.push(indexed.entry);
      else this.byKey.set(indexed.key, [indexed.entry]);
    }
  }

  /** The definitions that share the request's method, scope and path, in load order. */
  candidates(method: string, url: URL): readonly IndexedExchange[] {
    return this.byKey.get(requestKey(method, url)) ?? [];
  }

  find(method: string, url: URL, body?: string): RecordedAnswer | undefined {
    return this.candidates(method, url).find((entry) => queryMatches(entry.query, url) && bodyMatches(entry.body, body))?.answer;
  }
}

function indexEntry(def: RecordedExchange): { key: string; entry: IndexedExchange; corrections: AnswerCorrections } | { reason: string } {
  try {
    const prepared = prepareAnswer(def);
    if (!prepared.ok) return { reason: prepared.reason };
    return { key: definitionKey(def), entry: { query: definitionQuery(def), body: def.body, answer: prepared.answer }, corrections: prepared.corrections };
  } catch (error) {
    // A path no URL parser takes, a raw header name that is not text: nothing a request could match.
    return { reason: `it cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
}
