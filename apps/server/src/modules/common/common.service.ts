import type { Config } from '../../config';
import type { Database } from '../../db/database';
import * as repository from './common.repository';
import type { LocalizedText } from './common.repository';

// Site configuration and notices. Staff-editable entries live in `site_config`; the mode (demo or
// live) and the operator's legal name and licence come from the server's configuration, so no
// setting can hide the demo banner.

export const defaultSiteConfig = (config: Config) => [
  { name: 'title', value: 'Beurs' },
  { name: 'logo', value: 'static/logo.svg' },
  { name: 'kefu', value: config.supportUrl },
];

const pick = (text: LocalizedText, language: string): string =>
  text[language] ?? text.en ?? Object.values(text)[0] ?? '';

export function createCommonService({ db, config }: { db: Database; config: Config }) {
  return {
    async siteConfig(): Promise<Array<{ name: string; value: string }>> {
      const stored = await repository.listSiteConfig(db);
      const fixed = [
        { name: 'mode', value: config.mode },
        { name: 'operatorName', value: config.operator?.name ?? '' },
        { name: 'licence', value: config.operator?.licence ?? '' },
      ];
      const fixedNames = new Set(fixed.map((entry) => entry.name));
      return [...stored.filter((entry) => !fixedNames.has(entry.name)), ...fixed];
    },

    async notices(language: string) {
      const rows = await repository.listNotices(db);
      return rows.map((row) => ({
        id: row.id.toString(),
        title: pick(row.title, language),
        content: pick(row.content, language),
        createdAt: row.publishedAt.toISOString(),
      }));
    },
  };
}

export type CommonService = ReturnType<typeof createCommonService>;
