// When a signed media URL stops working, read from the query parameter that says so (VK's and
// OK's CDN `expires`): epoch seconds or milliseconds, told apart by their size.
export function expiryFromQuery(url: string, name: string): number | undefined {
  const value = URL.canParse(url) ? new URL(url).searchParams.get(name) : null;
  if (value === null || !/^\d{9,13}$/.test(value)) return undefined;
  const n = Number(value);
  return n < 1e12 ? n * 1000 : n;
}
