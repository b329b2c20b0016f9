// The OpenAPI document's header; the paths are generated from the contract's endpoint schemas.
export const openApiInfo = {
  info: {
    title: 'Beurs API',
    version: '1.0.0',
    description:
      'Every call is a POST under /api/vue/ answering {status: 1, msg: "", data} or a refusal ' +
      '{status: 0, msg: code, code, params, requestId}. Codes are the contract error catalogue.',
  },
  components: {
    securitySchemes: {
      token: { type: 'apiKey' as const, in: 'header' as const, name: 'token' },
      account: { type: 'apiKey' as const, in: 'header' as const, name: 'account' },
      staffToken: { type: 'apiKey' as const, in: 'header' as const, name: 'staff-token' },
    },
  },
};
