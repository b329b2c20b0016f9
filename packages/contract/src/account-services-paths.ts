// Paths of the account services (issue 14: credit line, daily check-in, professional-client
// application), zod-free like every path table; re-exported by `paths.ts`.

/** The credit line and its published score. */
export const creditPaths = {
  score: '/loan/score',
  preview: '/loan/preview',
  borrow: '/loan/borrow',
  additional: '/loan/additional',
  repay: '/loan/repay',
  list: '/loan/list',
  loan: '/loan/detail',
} as const;

/** The daily check-in. */
export const checkInPaths = {
  status: '/checkIn/status',
  checkIn: '/checkIn/submit',
  claimBadge: '/checkIn/claimBadge',
} as const;

/** The professional-client ("seat account") application. */
export const professionalPaths = {
  status: '/seatAccount/status',
  apply: '/seatAccount/apply',
} as const;

/** Under ADMIN_API_BASE_PATH: staff list and decide professional-client applications. */
export const adminProfessionalPaths = {
  professionalList: '/professional/list',
  professionalReview: '/professional/review',
} as const;
