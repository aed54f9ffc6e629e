/**
 * The security headers of every answer the site gives, API and SPA alike. CloudFront's response
 * headers policy (infra/constructs/web.ts) and the local gateway (scripts/local/gateway.ts) are
 * both built from this one definition, so a page that breaks under the policy breaks locally too.
 */

/** Content-Security-Policy directives and their sources, in the order they are sent. */
export const CONTENT_SECURITY_POLICY_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React's style props and Radix's positioning write inline styles.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // The API on the same origin; the page's WebSocket and the materials bucket are added by
  // `contentSecurityPolicy` (never any host of a scheme: a script injected into the page could
  // otherwise send what it reads anywhere).
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/** The sources the policy names that depend on where it is served (see `contentSecurityPolicy`). */
export interface PolicySources {
  /**
   * The materials bucket's origin, where the browser uploads files by presigned POST: the
   * bucket's regional endpoint in AWS, the local S3 endpoint (plain HTTP on its own port) locally.
   */
  materialsOrigin?: string;
  /**
   * The page's own WebSocket origin (`wss://<host>` in AWS, `ws://<host>` locally), where it
   * reaches `/ws`. CSP Level 3 lets `'self'` match it, but Safari 15 and older do not, so it is
   * named. It is the host the page was served from: CloudFront adds it per answer
   * (`withWebSocketOrigin`), since a distribution cannot name its own domain in its policy.
   */
  webSocketOrigin?: string;
  /** Added to `script-src` as `'nonce-…'`: the Vite development page's inline preamble (local only). */
  scriptNonce?: string;
}

/** Where `withWebSocketOrigin` adds the WebSocket origin: right after `connect-src 'self'`. */
export const CONNECT_SRC_SELF = "connect-src 'self'";

/** A policy with the page's WebSocket origin added to `connect-src`. */
export const withWebSocketOrigin = (policy: string, origin: string) =>
  policy.replace(CONNECT_SRC_SELF, `${CONNECT_SRC_SELF} ${origin}`);

/** The policy as a header value, with the sources of where it is served. */
export function contentSecurityPolicy(sources: PolicySources = {}): string {
  const added: Record<string, readonly string[]> = {
    'script-src': sources.scriptNonce ? [`'nonce-${sources.scriptNonce}'`] : [],
    'connect-src': [sources.webSocketOrigin, sources.materialsOrigin].filter((source): source is string =>
      Boolean(source),
    ),
  };
  return Object.entries(CONTENT_SECURITY_POLICY_DIRECTIVES)
    .map(([directive, sources]) => [directive, ...sources, ...(added[directive] ?? [])].join(' '))
    .join('; ');
}

/** The other security headers, as CloudFront's `securityHeadersBehavior` names them. */
export const SECURITY_HEADERS = {
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** One year, subdomains included. */
  strictTransportSecurity: { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true },
  xssProtection: { protection: true, modeBlock: true },
} as const;

/**
 * The headers as the local gateway sends them (lower-case names), overriding whatever a function
 * set, as the CloudFront policy does with `override: true`. Strict-Transport-Security is left out:
 * browsers ignore it over plain HTTP, and honoured on `localhost` behind a TLS proxy it would pin
 * every local port to HTTPS for a year.
 */
export function localSecurityHeaders(sources: PolicySources = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'x-xss-protection': xssProtectionHeader(),
  };
}

/** `X-XSS-Protection` as sent: `1; mode=block`. */
function xssProtectionHeader(): string {
  const { protection, modeBlock } = SECURITY_HEADERS.xssProtection;
  return `${protection ? 1 : 0}${protection && modeBlock ? '; mode=block' : ''}`;
}
