// What an outbound proxy URL must look like (UPSTREAM_PROXY, and the credentials file's `proxy` and
// `proxies`): http: or https:, a host, and nothing past it. The problem is told without the URL,
// which may carry a password.
export function proxyUrlProblem(text: string): string | undefined {
  if (!URL.canParse(text)) return 'is not a URL (http://[user:pass@]host:port or https://…)';
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http: or https: proxy URL';
  if (!url.hostname) return 'has no host';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return 'must be only scheme, [user:pass@]host and port';
  return undefined;
}
