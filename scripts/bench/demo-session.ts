/** Signs in as the seeded demo member and returns cookie headers for requests. */
export async function demoSession(baseUrl: string, appUrl: string): Promise<Record<string, string>> {
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
  const cookies = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return { cookie: cookies };
}
