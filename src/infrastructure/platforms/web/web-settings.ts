// What the web adapter is configured with (docs/design.md §10: WEB_USER_AGENT, WEB_MAX_BYTES,
// WEB_PER_HOST_PER_MIN), registered by the composition root.
export interface WebSettings {
  userAgent: string;
  maxBytes: number;
  perHostPerMinute: number;
}

export const WEB_SETTINGS = Symbol('WebSettings');
