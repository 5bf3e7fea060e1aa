import type { FieldError } from "./error-read";

export interface DataApiErrorInit {
  status: number;
  code?: string;
  detail: string;
  fieldErrors?: FieldError[];
  requestId?: string;
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The one error type of the Data API client: an error answer of the API (status, and the body's code, detail and
 * field errors), a request the contract rejects before it is sent (status 400, code INVALID_REQUEST), or no usable
 * answer at all (status 0 NETWORK_ERROR, or INVALID_RESPONSE).
 */
export class DataApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly detail: string;
  readonly fieldErrors: FieldError[];
  readonly requestId?: string;
  readonly retryAfter?: number;

  constructor(init: DataApiErrorInit) {
    super(init.detail, { cause: init.cause });
    this.name = "DataApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

export function isDataApiError(error: unknown): error is DataApiError {
  return error instanceof DataApiError;
}
