import { describe, expect, it } from 'vitest';
import {
  acceptedLanguage,
  declaredContentLength,
  idempotencyKey,
  requestId,
  sessionToken,
  staffToken,
} from './request-headers';

const request = (headers: Record<string, string | string[]>) => ({ headers });

describe('request headers', () => {
  it('reads one value and treats a repeated header as absent', () => {
    expect(sessionToken(request({ token: 'abc' }))).toBe('abc');
    expect(sessionToken(request({ token: ['abc', 'def'] }))).toBeUndefined();
    expect(idempotencyKey(request({ 'idempotency-key': ['k1', 'k2'] }))).toBeUndefined();
  });

  it('knows staff only by staff-token, never by the user token or is-admin', () => {
    expect(staffToken(request({ token: 'user-token', 'is-admin': '1' }))).toBeUndefined();
    expect(staffToken(request({ 'staff-token': 'staff' }))).toBe('staff');
  });

  it('keeps a plain request id and drops anything else', () => {
    expect(requestId(request({ 'x-request-id': 'client-abc.123' }))).toBe('client-abc.123');
    expect(requestId(request({ 'x-request-id': 'a b' }))).toBeUndefined();
    expect(requestId(request({ 'x-request-id': 'x'.repeat(65) }))).toBeUndefined();
  });

  it('reads the language and the declared size', () => {
    expect(acceptedLanguage(request({ 'accept-language': 'de-BE,de;q=0.9' }))).toBe('de');
    expect(acceptedLanguage(request({}))).toBeUndefined();
    expect(declaredContentLength(request({ 'content-length': '2048' }))).toBe(2048);
    expect(declaredContentLength(request({ 'content-length': 'lots' }))).toBe(0);
  });
});
