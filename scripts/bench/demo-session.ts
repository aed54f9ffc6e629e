/** A cookie the server set, as a browser's cookie jar takes it. */
export interface SessionCookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

/** Signs in as the seeded demo member and returns the cookies the sign-in set. */
export async function demoSession(baseUrl: string, appUrl: string): Promise<SessionCookie[]> {
  const first = await fetch(`${baseUrl}/api/categories`);
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrf_token=${csrf}`,
      'x-csrf-token': csrf,
      origin: new URL(appUrl).origin,
    },
    body: JSON.stringify({ username: 'demo', password: 'Demo#2026pass' }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}: ${await login.text()}`);
  return login.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
    };
  });
}
