/** `2027-03-02` → `2027.03.02`, the spec's date order. */
export const formatDay = (day: string): string => day.replaceAll('-', '.');
