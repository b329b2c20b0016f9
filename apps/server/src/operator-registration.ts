// The operator's legal name and licence reference, needed for live mode (DESIGN.md §1.2) and shown
// on the about and deposit screens. Free text would let anyone claim a licence, so both must match
// a documented format (docs/security.md, "Live mode"):
//
// - OPERATOR_LICENCE is "FSMA <Belgian enterprise number>" — the FSMA identifies every firm it
//   registers by its enterprise number (KBO/BCE, 10 digits, the last two 97 minus the first eight
//   modulo 97), written 0xxx.xxx.xxx — or "LEI <ISO 17442 code>", the Legal Entity Identifier by
//   which ESMA's registers list investment firms of every EU member state (20 characters, check
//   digits by ISO 7064 MOD 97-10, as IBANs).
// - OPERATOR_NAME is a legal name: 2–140 characters, starting with a letter, only letters, digits,
//   single spaces and & . , ' ( ) - (no URL, no e-mail address, no control character).
//
// The format proves the shape, not that the register holds the number: the published reference
// lets anyone look it up, which is why it is shown beside every deposit channel.

export type OperatorLicence =
  | { register: 'FSMA'; number: string; display: string }
  | { register: 'LEI'; number: string; display: string };

const OPERATOR_NAME_PATTERN = /^\p{L}[\p{L}\p{M}\d&.,'()-]*(?: [\p{L}\p{M}\d&.,'()-]+)*$/u;

export function isOperatorName(name: string): boolean {
  return name.length >= 2 && name.length <= 140 && OPERATOR_NAME_PATTERN.test(name);
}

/** A licence reference in one of the documented formats, normalised; null otherwise. */
export function parseOperatorLicence(text: string): OperatorLicence | null {
  const match = /^(FSMA|LEI)\s+(.+)$/i.exec(text.trim());
  if (!match) return null;
  const register = (match[1] ?? '').toUpperCase();
  const rest = (match[2] ?? '').trim();
  if (register === 'FSMA') {
    const digits = /^[01]\d{3}([ .]?)\d{3}\1\d{3}$/.test(rest) ? rest.replace(/[ .]/g, '') : null;
    if (!digits || !isBelgianEnterpriseNumber(digits)) return null;
    const number = `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
    return { register: 'FSMA', number, display: `FSMA ${number}` };
  }
  const code = rest.toUpperCase();
  if (!/^[0-9A-Z]{18}\d{2}$/.test(code) || !hasMod97Check(code)) return null;
  return { register: 'LEI', number: code, display: `LEI ${code}` };
}

/** Belgian enterprise number: the last two digits are 97 − (the first eight mod 97). */
function isBelgianEnterpriseNumber(digits: string): boolean {
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

/** ISO 7064 MOD 97-10 over letters as 10–35 (the IBAN check): the whole code modulo 97 is 1. */
function hasMod97Check(code: string): boolean {
  const numeric = [...code].map((character) => Number.parseInt(character, 36).toString()).join('');
  return BigInt(numeric) % 97n === 1n;
}
