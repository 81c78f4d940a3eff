// What the HTTP interface needs from the configuration.
export interface AppSettings {
  apiKeys: readonly string[];
  apiEnabled: boolean;
  proxyEnabled: boolean;
  trustProxy: boolean;
  maxBodyBytes: number;
  maxBatch: number;
  cacheTtlOk: number;
  cacheTtlDegraded: number;
  metricsEnabled: boolean;
}

export const APP_SETTINGS = Symbol('AppSettings');
