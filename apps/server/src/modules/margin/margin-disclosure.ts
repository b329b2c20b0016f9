import { MARGIN_RULES, marginDisclosureParagraphs } from '@beurs/contract';
import { formatMoney, loadMessages, type Language } from '@beurs/i18n';
import { canonicalJson, sha256Hex } from '../../ledger/ledger-hashing';

// The risk disclosure of the margin account: the published rules (MARGIN_RULES and the configured
// interest rate) in the reader's language, from the locale's `margin.disclosure` paragraphs. Its
// hash covers the version, the language and every paragraph as shown, so an acceptance names
// exactly the text the user read; a change of rate or text changes the hash.

export type MarginRate = {
  benchmarkName: string;
  benchmarkBasisPoints: number;
  spreadBasisPoints: number;
};

export type MarginDisclosure = {
  version: string;
  language: Language;
  paragraphs: string[];
  hash: string;
};

const interpolate = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** Basis points as a percentage with two decimals in the language ("5,00"). */
const percent = (basisPoints: number, language: Language) =>
  formatMoney(`${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`, language);
/** Basis points as a whole percentage when it is one ("50"). */
const wholePercent = (basisPoints: number, language: Language) =>
  basisPoints % 100 === 0 ? String(basisPoints / 100) : percent(basisPoints, language);

export async function renderDisclosure(language: Language, rate: MarginRate): Promise<MarginDisclosure> {
  const messages = await loadMessages(language);
  const { large_cap: large, standard } = MARGIN_RULES.classes;
  const values = {
    version: MARGIN_RULES.disclosureVersion,
    largeInitial: wholePercent(large.initialBasisPoints, language),
    largeMaintenance: wholePercent(large.maintenanceBasisPoints, language),
    standardInitial: wholePercent(standard.initialBasisPoints, language),
    standardMaintenance: wholePercent(standard.maintenanceBasisPoints, language),
    largeCapMinimum: formatMoney(MARGIN_RULES.largeCapMinimum.toString(), language, 0),
    liquidityMinimum: formatMoney(MARGIN_RULES.liquidityMinimum.toString(), language, 0),
    benchmark: rate.benchmarkName,
    benchmarkRate: percent(rate.benchmarkBasisPoints, language),
    spread: percent(rate.spreadBasisPoints, language),
    rate: percent(rate.benchmarkBasisPoints + rate.spreadBasisPoints, language),
    dayCountBasis: String(MARGIN_RULES.interestDayCountBasis),
  };
  const paragraphs = marginDisclosureParagraphs.map((name) =>
    interpolate(messages.margin.disclosure[name], values),
  );
  const version = MARGIN_RULES.disclosureVersion;
  return { version, language, paragraphs, hash: sha256Hex(canonicalJson({ version, language, paragraphs })) };
}
