// A client-safe error: its message is shown to the caller (4xx), as koa's `expose` rule has it.
export class ClientError extends Error {
  override name = 'ClientError' as const;
  readonly expose = true;
  constructor(
    readonly status: 400 | 401 | 404 | 501,
    message: string,
  ) {
    super(message);
  }
}

export function badRequest(message: string): never {
  throw new ClientError(400, message);
}

export function notFound(message: string): never {
  throw new ClientError(404, message);
}
