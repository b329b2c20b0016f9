import type { ErrorCode, ErrorParams, ErrorParamsOf } from '@beurs/contract';
import { isErrorCode } from '@beurs/contract/enums';

/** Failures that never reached the server's catalogue: no answer, no answer in time, or no envelope. */
export type TransportCode = 'NETWORK' | 'TIMEOUT' | `HTTP_${number}`;

/**
 * A refused or failed call. `code` is a catalogue code (its `params` typed per code by the
 * contract), a transport code, or a code this client does not know yet (a newer server).
 */
export class ApiError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly params: Code extends ErrorCode ? ErrorParamsOf<Code> : ErrorParams;
  /** The answer's HTTP status; null when there was no answer. */
  readonly httpStatus: number | null;

  constructor(code: Code, params: ErrorParams = {}, httpStatus: number | null = null) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    // The server builds params from the same catalogue (DomainError is typed per code).
    this.params = params as Code extends ErrorCode ? ErrorParamsOf<Code> : ErrorParams;
    this.httpStatus = httpStatus;
  }
}

/** Whether `error` is the refusal `code`; narrows `params` to that code's parameters. */
export function isRefusal<Code extends ErrorCode>(error: unknown, code: Code): error is ApiError<Code> {
  return error instanceof ApiError && error.code === code;
}

/** Whether `error` carries a code of the contract's catalogue (not a transport failure). */
export function isCatalogued(error: unknown): error is ApiError<ErrorCode> {
  return error instanceof ApiError && isErrorCode(error.code);
}
