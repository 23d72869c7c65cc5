/** The stored form of a picked address: 'address|longitude|latitude'. */
export interface AddressValue {
  address: string;
  lng: number | null;
  lat: number | null;
}

const coordinate = (text: string | undefined) => {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Reads 'address|lng|lat'; the address itself may contain '|', so the coordinates are taken from the right. */
export function parseAddress(value: string | null | undefined): AddressValue {
  if (!value) return { address: '', lng: null, lat: null };
  const parts = value.split('|');
  if (parts.length < 3) return { address: value, lng: null, lat: null };
  const lat = parts.pop();
  const lng = parts.pop();
  return { address: parts.join('|'), lng: coordinate(lng), lat: coordinate(lat) };
}

/** 'address|lng|lat', with empty coordinates when there are none; '' when there is nothing at all. */
export function formatAddress({ address, lng, lat }: AddressValue): string {
  const text = address.trim();
  if (!text && lng === null && lat === null) return '';
  return `${text}|${lng ?? ''}|${lat ?? ''}`;
}

export const validLng = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;
export const validLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;

/** The coordinates of a stored address when it has both, in range (a box placed on the map); else null. */
export function addressLngLat(value: string | null | undefined): [number, number] | null {
  const { lng, lat } = parseAddress(value);
  return lng !== null && lat !== null && validLng(lng) && validLat(lat) ? [lng, lat] : null;
}
