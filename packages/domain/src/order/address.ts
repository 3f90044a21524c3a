/** The parts of a delivery address as buyers enter them (province, city and district, then the rest). */
export interface AddressParts {
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** An address as one line, the way Chinese addresses are written: region first, no separators. */
export function formatAddress({ province, city, district, detail }: AddressParts): string {
  return `${province}${city}${district}${detail}`;
}
