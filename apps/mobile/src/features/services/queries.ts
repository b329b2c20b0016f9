import type { checkInEndpoints, creditEndpoints, DataOf, professionalEndpoints } from '@beurs/contract';
import { checkInPaths, creditPaths, professionalPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// Account services (issue 14): the credit score and loans, the daily check-in, the
// professional-client application.

export type CreditScore = DataOf<typeof creditEndpoints.score>;
export type Loan = DataOf<typeof creditEndpoints.loan>;
export type LoanPreview = DataOf<typeof creditEndpoints.preview>;
export type CheckInStatus = DataOf<typeof checkInEndpoints.status>;
export type ProfessionalStatus = DataOf<typeof professionalEndpoints.status>;

/** The device's IANA time zone: the check-in day is the date there. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const servicesQueries = {
  credit: ['credit'] as const,
  score: () =>
    queryOptions({
      queryKey: [...servicesQueries.credit, 'score'],
      queryFn: () => api.call(creditPaths.score, {}),
      enabled: isLoggedIn(),
    }),
  loans: () =>
    queryOptions({
      queryKey: [...servicesQueries.credit, 'loans'],
      queryFn: () => api.call(creditPaths.list, { page: 1, pageSize: 50 }),
      enabled: isLoggedIn(),
    }),
  loan: (id: string) =>
    queryOptions({
      queryKey: [...servicesQueries.credit, 'loan', id],
      queryFn: () => api.call(creditPaths.loan, { id }),
      enabled: isLoggedIn() && id !== '',
    }),
  checkIn: () =>
    queryOptions({
      queryKey: ['checkIn', deviceTimeZone()],
      queryFn: () => api.call(checkInPaths.status, { timeZone: deviceTimeZone() }),
      enabled: isLoggedIn(),
    }),
  professional: () =>
    queryOptions({
      queryKey: ['professional'],
      queryFn: () => api.call(professionalPaths.status, {}),
      enabled: isLoggedIn(),
    }),
};

export const useCreditScore = () => useQuery(servicesQueries.score());
export const useLoans = () => useQuery(servicesQueries.loans());
export const useLoan = (id: string) => useQuery(servicesQueries.loan(id));
export const useCheckIn = () => useQuery(servicesQueries.checkIn());
export const useProfessional = () => useQuery(servicesQueries.professional());
