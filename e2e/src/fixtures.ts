import { createRequire } from 'node:module';

// Shared by the e2e tests and the screenshot scripts: ID photos the server accepts, a business
// morning for the server's test clock, and the back-office API as a staff member.

// The server's own image library draws the photos, so they are real PNGs the server accepts.
const sharp = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'sharp',
) as (options: { create: { width: number; height: number; channels: 3; background: string } }) => {
  png: () => { toBuffer: () => Promise<Buffer> };
};

/** A 640×400 PNG of one colour: an ID photo or a deposit proof. */
export const idPhoto = (background: string): Promise<Buffer> =>
  sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

/** 10:00 in Brussels on the first Monday to Friday after `after`'s date in Brussels. */
export function nextWeekdayMorning(after: Date): Date {
  const brussels = (instant: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', ...options }).format(instant);
  let day = new Date(`${brussels(after, { dateStyle: 'short' })}T00:00:00Z`);
  do day = new Date(day.getTime() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  // 10:00 in Brussels is 09:00 UTC in winter and 08:00 UTC in summer.
  for (const utcHour of [9, 8]) {
    const candidate = new Date(day.getTime() + utcHour * 3_600_000);
    if (brussels(candidate, { hour: '2-digit', hourCycle: 'h23' }) === '10') return candidate;
  }
  throw new Error(`no 10:00 in Brussels on ${day.toISOString()}`);
}

/** The password each staff account has now, per server: the first-start one is changed at first use. */
const currentStaffPasswords = new Map<string, string>();

/**
 * `POST /api/admin<path>` as the staff member; answers `data`, throws on a refusal. It signs in
 * for each call: a test may move the server's clock past a staff session's 12 hours. The first
 * sign-in with a first-start password changes it (the staff API refuses everything else until
 * then) to the same password with `-changed` appended, and signs in with that from then on.
 */
export function staffApi(baseUrl: string, username: string, password: string) {
  const post = <T>(url: string, payload: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api/admin${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    }).then((response) => response.json() as Promise<{ status: number; data: T }>);

  async function signIn(): Promise<string> {
    const key = `${baseUrl} ${username}`;
    const current = currentStaffPasswords.get(key) ?? password;
    const login = await post<{ token: string; mustChangePassword: boolean }>('/auth/login', {
      username,
      password: current,
    });
    if (login.status !== 1) throw new Error(`staff login refused: ${JSON.stringify(login)}`);
    const { token, mustChangePassword } = login.data;
    if (mustChangePassword) {
      const changed = `${current}-changed`;
      const answer = await post(
        '/auth/changePassword',
        { oldPassword: current, newPassword: changed },
        {
          'staff-token': token,
        },
      );
      if (answer.status !== 1)
        throw new Error(`first-start password change refused: ${JSON.stringify(answer)}`);
      currentStaffPasswords.set(key, changed);
    }
    return token;
  }

  return async function staffCall<T = unknown>(path: string, body: unknown): Promise<T> {
    const token = await signIn();
    const answer = await post<T>(path, body, { 'staff-token': token });
    if (answer.status !== 1) throw new Error(`${path} refused: ${JSON.stringify(answer)}`);
    return answer.data;
  };
}
