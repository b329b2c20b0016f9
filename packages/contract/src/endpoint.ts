import type { z } from 'zod';

export type EndpointAuth = 'public' | 'user' | 'staff';

/**
 * One API call: its path under `/api/vue/` (or `/api/admin/`), who may call it, and the zod
 * schemas of its request body and of the `data` it answers with. The server registers routes from
 * these, the apps call through them, and the OpenAPI document is generated from them.
 */
export type Endpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends EndpointAuth = EndpointAuth,
> = {
  readonly path: `/${string}`;
  readonly auth: Auth;
  readonly summary: string;
  readonly request: Req;
  readonly data: Data;
};

export const defineEndpoint = <Req extends z.ZodType, Data extends z.ZodType, Auth extends EndpointAuth>(
  endpoint: Endpoint<Req, Data, Auth>,
): Endpoint<Req, Data, Auth> => endpoint;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;
