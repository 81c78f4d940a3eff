// Log lines written for one request carry its id (`reqId`), as its access line does. The id is
// passed along explicitly rather than kept in an AsyncLocalStorage: on Node 20 that puts promise
// hooks on every promise of the process, 2–2.5 µs of a cached resolve's ≈ 11 (bench/RESULTS.md).
/** `fields` with the request's id added, when the work is for a request. */
export function forRequest(requestId: string | undefined, fields: object): object {
  return requestId === undefined ? fields : { ...fields, reqId: requestId };
}
