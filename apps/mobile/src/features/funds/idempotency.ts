/** A fresh idempotency key for one user action (docs/identity-and-money.md). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
