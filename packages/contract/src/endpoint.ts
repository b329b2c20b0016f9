import type { z } from 'zod';
import type { EndpointPath } from './paths';

export type EndpointAuth = 'public' | 'user' | 'staff';

/** What an endpoint is besides its path: who may call it and the zod schemas of body and `data`. */
export type EndpointDefinition<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends EndpointAuth = EndpointAuth,
> = {
  readonly auth: Auth;
  readonly summary: string;
  readonly request: Req;
  readonly data: Data;
};

/**
 * One API call: its path under `/api/vue/` (or `/api/admin/`), who may call it, and the zod
 * schemas of its request body and of the `data` it answers with. The server registers routes from
 * these, the apps call through them, and the OpenAPI document is generated from them.
 */
export type Endpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Auth extends EndpointAuth = EndpointAuth,
  Path extends EndpointPath = EndpointPath,
> = EndpointDefinition<Req, Data, Auth> & { readonly path: Path };

/**
 * Defines the endpoints of one path table (`paths.ts`): one definition per path name, no more, no
 * fewer, and each endpoint takes its path from the table. The table stays zod-free for clients.
 */
export function defineEndpoints<
  const Paths extends Readonly<Record<string, EndpointPath>>,
  Definitions extends { readonly [Name in keyof Paths]: EndpointDefinition },
>(
  paths: Paths,
  definitions: Definitions & { readonly [Extra in Exclude<keyof Definitions, keyof Paths>]: never },
): { readonly [Name in keyof Paths]: Definitions[Name] & { readonly path: Paths[Name] } } {
  const endpoints: Record<string, Endpoint> = {};
  for (const name of Object.keys(paths)) {
    const definition = (definitions as Record<string, EndpointDefinition>)[name];
    const path = paths[name];
    if (!definition || !path) throw new Error(`endpoint ${name} has no definition or no path`);
    endpoints[name] = { ...definition, path };
  }
  return endpoints as { readonly [Name in keyof Paths]: Definitions[Name] & { readonly path: Paths[Name] } };
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** A group of endpoints keyed by path (`'/user/login'` → its endpoint), for typed clients. */
export type EndpointsByPath<Group extends Readonly<Record<string, Endpoint>>> = {
  readonly [Name in keyof Group as Group[Name]['path']]: Group[Name];
};
