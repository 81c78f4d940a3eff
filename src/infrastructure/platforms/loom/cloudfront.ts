// When a CloudFront signed URL stops working: `Expires` (a canned policy, epoch seconds), or the
// custom `Policy`'s `DateLessThan` (base64 with CloudFront's URL-safe substitutions: - _ ~ for + = /).
import { asObject, parseJson } from '../kit/json.js';

/** Epoch ms, or undefined when the URL states no expiry. */
export function signedUntil(url: string): number | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return undefined;
  }
  const expires = params.get('Expires');
  if (expires && /^\d{1,12}$/.test(expires)) return Number(expires) * 1000;
  const policy = params.get('Policy');
  if (!policy) return undefined;
  const json = Buffer.from(policy.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64').toString('utf8');
  const statements = asObject(parseJson(json))?.['Statement'];
  const condition = asObject(asObject(Array.isArray(statements) ? statements[0] : undefined)?.['Condition']);
  const epoch = asObject(condition?.['DateLessThan'])?.['AWS:EpochTime'];
  return typeof epoch === 'number' && Number.isSafeInteger(epoch) && epoch > 0 ? epoch * 1000 : undefined;
}
