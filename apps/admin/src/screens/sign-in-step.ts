import type { StaffLogin } from '../api';

/** Where the staff sign-in is: the steps the staff API asks for, in order. */
export type Step =
  | { kind: 'login' }
  | { kind: 'change'; login: StaffLogin; password: string }
  | { kind: 'enrol'; login: StaffLogin; password: string }
  | { kind: 'recovery'; login: StaffLogin; codes: string[] };
