// Log lines written for one request carry its id (`reqId`), as its access line does. The id is
// passed along explicitly rather than kept in an AsyncLocalStorage: on Node 20 that puts promise
// hooks on every promise of the process, a cost a cached resolve feels (bench/RESULTS.md).
/** `fields` with the request's id added, when the work is for a request. */
export function forRequest(requestId: string | undefined, fields: object): object {
  return requestId === undefined ? fields : { ...fields, reqId: requestId };
}
