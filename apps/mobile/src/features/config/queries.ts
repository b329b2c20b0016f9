import type { DataOf, commonEndpoints } from '@beurs/contract';
import type { SiteMode } from '@beurs/contract/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { commonPaths } from '@beurs/contract/paths';

export type SiteConfig = {
  kefu: string;
  title: string;
  logo: string;
  mode: SiteMode;
  operatorName: string;
  licence: string;
};

/** Turns the list of {name, value} into the site configuration. Anything but 'live' is demo. */
export function toSiteConfig(entries: DataOf<typeof commonEndpoints.config>): SiteConfig {
  const value = (name: string) => entries.find((entry) => entry.name === name)?.value ?? '';
  return {
    kefu: value('kefu'),
    title: value('title'),
    logo: value('logo'),
    mode: value('mode') === 'live' ? 'live' : 'demo',
    operatorName: value('operatorName'),
    licence: value('licence'),
  };
}

/** Images live under {origin}/api/ (spec section 7). */
export function imageUrl(value: string): string {
  if (!value) return '';
  if (/^(https?:|data:)/.test(value) || value.startsWith('/api/')) return value;
  return `/api/${value.replace(/^\/+/, '')}`;
}

type ConfigAnswer = { status?: unknown; data?: unknown } | null;

/** The answer of the call index.html started before the app loaded (build/early-start.ts), once. */
function takeEarlyAnswer(): Promise<ConfigAnswer> | undefined {
  const holder = window as { __beursConfig?: Promise<ConfigAnswer> };
  const early = holder.__beursConfig;
  holder.__beursConfig = undefined;
  return early;
}

async function fetchConfig(): Promise<SiteConfig> {
  const early = await takeEarlyAnswer();
  if (early?.status === 1 && Array.isArray(early.data)) {
    return toSiteConfig(early.data as DataOf<typeof commonEndpoints.config>);
  }
  return toSiteConfig(await api.call(commonPaths.config, { type: 'all' }));
}

export const configQueries = {
  all: () =>
    queryOptions({
      queryKey: ['config', 'all'],
      queryFn: fetchConfig,
      staleTime: 5 * 60_000,
    }),
};

export const useSiteConfig = () => useQuery(configQueries.all());
