// Logs a command-line tool in to a running server as the admin (bench:cache, generate): the
// session cookie to send with its admin calls, or `fail` with what went wrong.

export async function adminCookie(
  base: string,
  password: string,
  fail: (message: string) => never,
): Promise<string> {
  const login = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(base).origin },
    body: JSON.stringify({ username: 'admin', password }),
  }).catch(() => fail(`no server answers at ${base} (start it with npm start, or set FORKFUL_URL).`));
  if (!login.ok) fail(`the admin login failed (${login.status}): ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
