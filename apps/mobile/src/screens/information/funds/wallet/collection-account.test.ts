import { describe, expect, it } from 'vitest';
import { groupIban } from './CollectionAccount';

describe('groupIban', () => {
  it('prints an IBAN in groups of four, however it was typed', () => {
    expect(groupIban('BE71096123456769')).toBe('BE71 0961 2345 6769');
    expect(groupIban('BE71 0961 2345 6769')).toBe('BE71 0961 2345 6769');
    expect(groupIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('leaves anything that is not an IBAN as it is', () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(groupIban(address)).toBe(address);
    expect(groupIban('12345')).toBe('12345');
  });
});
