// A chosen photo is checked at once by its first bytes, before any preview or upload: a text file
// renamed ".jpg" is no picture, whatever its name or type says. The server decodes it again.

const signatures: readonly ((bytes: Uint8Array) => boolean)[] = [
  // JPEG: FF D8 FF
  (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  // PNG: 89 50 4E 47 0D 0A 1A 0A (the first four suffice)
  (bytes) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47,
  // WebP: "RIFF" .... "WEBP"
  (bytes) => ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP',
  // HEIC/HEIF (iPhone): an ISO box "ftyp" at offset 4 with a HEIF brand
  (bytes) => ascii(bytes, 4, 8) === 'ftyp' && /^(hei[cfsm]|hev[cx]|mif1|msf1)$/.test(ascii(bytes, 8, 12)),
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Whether the file starts as a JPEG, PNG, WebP or HEIC picture does. */
export async function isPicture(file: Blob): Promise<boolean> {
  const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return signatures.some((matches) => matches(bytes));
}
