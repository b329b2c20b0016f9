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

/**
 * Whether the server's market calendar `calendar` (e.g. `euronext`) is in its regular session now,
 * by the public market status (the server's clock, the venue's holidays).
 */
export async function isSessionOpen(baseUrl: string, calendar: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/vue/market/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as { data: { calendars: { calendar: string; session: string }[] } };
  return body.data.calendars.some((item) => item.calendar === calendar && item.session === 'regular');
}

// The server's own TOTP library computes the codes, as the staff member's authenticator app would.
const { Secret, TOTP } = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'otpauth',
) as {
  Secret: { fromBase32(text: string): unknown };
  TOTP: { generate(options: { secret: unknown; timestamp: number }): string };
};
const TOTP_STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` (base32) at `at`: the 30-second step's code. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / TOTP_STEP_MS);
export const totpCode = (secret: string, step: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP_STEP_MS });

type StaffState = { password: string; secret: string | null; lastStep: number; token: string | null };
/** Per server and staff member: the password now (the first-start one is changed), the TOTP secret. */
const staffStates = new Map<string, StaffState>();

/**
 * `POST /api/admin<path>` as the staff member; answers `data`, throws on a refusal. It keeps the
 * staff session and signs in again when the server answers 401 (a test may move the server's clock
 * past a session's 12 hours). The first sign-in does what the staff API asks before anything else:
 * it changes a first-start password (to the same with `-changed` appended) and sets up two-factor
 * sign-in, keeping the secret; later sign-ins send a code computed from it at the server's clock
 * (`now`), each code once (RFC 6238), waiting for the next 30-second step when one was used.
 */
export function staffApi(
  baseUrl: string,
  username: string,
  password: string,
  now: () => Date = () => new Date(),
) {
  const key = `${baseUrl} ${username}`;
  const state: StaffState = staffStates.get(key) ?? { password, secret: null, lastStep: -1, token: null };
  staffStates.set(key, state);

  const post = <T>(url: string, payload: unknown, token?: string) =>
    fetch(`${baseUrl}/api/admin${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'staff-token': token } : {}) },
      body: JSON.stringify(payload),
    }).then(async (response) => ({
      httpStatus: response.status,
      ...((await response.json()) as { status: number; data: T }),
    }));

  async function nextCode(secret: string): Promise<string> {
    let step = Math.floor(now().getTime() / TOTP_STEP_MS);
    for (let waitedMs = 0; step <= state.lastStep; waitedMs += 1_000) {
      if (waitedMs > 2 * TOTP_STEP_MS) throw new Error('the server clock went back: no unused code');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      step = Math.floor(now().getTime() / TOTP_STEP_MS);
    }
    state.lastStep = step;
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP_STEP_MS });
  }

  async function mustSucceed<T>(what: string, answer: Promise<{ status: number; data: T }>): Promise<T> {
    const result = await answer;
    if (result.status !== 1) throw new Error(`${what} refused: ${JSON.stringify(result)}`);
    return result.data;
  }

  async function signIn(): Promise<string> {
    const login = await mustSucceed(
      'staff login',
      post<{ token: string; mustChangePassword: boolean; mustEnrolTwoFactor: boolean }>('/auth/login', {
        username,
        password: state.password,
        ...(state.secret ? { twoFactorCode: await nextCode(state.secret) } : {}),
      }),
    );
    if (login.mustChangePassword) {
      const changed = `${state.password}-changed`;
      await mustSucceed(
        'first-start password change',
        post('/auth/changePassword', { oldPassword: state.password, newPassword: changed }, login.token),
      );
      state.password = changed;
    }
    if (login.mustEnrolTwoFactor) {
      const setup = await mustSucceed(
        'two-factor setup',
        post<{ secret: string }>('/auth/twoFactor/setup', { password: state.password }, login.token),
      );
      await mustSucceed(
        'two-factor enable',
        post('/auth/twoFactor/enable', { code: await nextCode(setup.secret) }, login.token),
      );
      state.secret = setup.secret;
    }
    return login.token;
  }

  return async function staffCall<T = unknown>(path: string, body: unknown): Promise<T> {
    state.token ??= await signIn();
    let answer = await post<T>(path, body, state.token);
    if (answer.httpStatus === 401) {
      state.token = await signIn();
      answer = await post<T>(path, body, state.token);
    }
    if (answer.status !== 1) throw new Error(`${path} refused: ${JSON.stringify(answer)}`);
    return answer.data;
  };
}
