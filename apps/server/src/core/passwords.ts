import argon2 from 'argon2';

// Passwords (login, fund, staff) are hashed with argon2id at OWASP's recommended minimum cost:
// 19 MiB of memory, 2 iterations, 1 lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, options);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check when the account does not exist (no account probing by timing). */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('beurs-dummy-password');
  await verifyPassword(await dummyHash, password);
}
