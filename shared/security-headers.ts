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
  // The WebSocket API is reached at /ws on the same origin (`'self'` covers ws: and wss: there).
  'connect-src': ["'self'", 'wss:', 'https:'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/** Additions to the policy that only the local stack makes (see `contentSecurityPolicy`). */
export interface LocalPolicyAdditions {
  /** Added to `script-src` as `'nonce-…'`: the Vite development page's inline preamble. */
  scriptNonce?: string;
  /**
   * Origins added to `connect-src`: the local S3 endpoint that presigned POST uploads go to. In
   * AWS that is an `https:` URL the policy already allows; locally it is plain HTTP on its own port.
   */
  connectSources?: readonly string[];
}

/** The policy as a header value: as deployed, unless the local stack adds to it. */
export function contentSecurityPolicy(additions: LocalPolicyAdditions = {}): string {
  const added: Record<string, readonly string[]> = {
    'script-src': additions.scriptNonce ? [`'nonce-${additions.scriptNonce}'`] : [],
    'connect-src': additions.connectSources ?? [],
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
export function localSecurityHeaders(additions: LocalPolicyAdditions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(additions),
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
