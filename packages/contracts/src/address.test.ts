import { describe, expect, it } from 'vitest';
import { addressLngLat, formatAddress, parseAddress, validLat, validLng } from './address.js';

describe('address value', () => {
  it("is stored as 'address|lng|lat'", () => {
    expect(formatAddress({ address: '广州市天河区体育西路', lng: 113.32, lat: 23.13 })).toBe('广州市天河区体育西路|113.32|23.13');
  });
  it('reads back, taking the coordinates from the right', () => {
    expect(parseAddress('广州市天河区体育西路|113.32|23.13')).toEqual({ address: '广州市天河区体育西路', lng: 113.32, lat: 23.13 });
    expect(parseAddress('A栋|3楼|113.32|23.13')).toEqual({ address: 'A栋|3楼', lng: 113.32, lat: 23.13 });
  });
  it('copes with addresses without coordinates and with nothing', () => {
    expect(formatAddress({ address: ' 某地 ', lng: null, lat: null })).toBe('某地||');
    expect(parseAddress('某地||')).toEqual({ address: '某地', lng: null, lat: null });
    expect(parseAddress('只有地址')).toEqual({ address: '只有地址', lng: null, lat: null });
    expect(parseAddress('')).toEqual({ address: '', lng: null, lat: null });
    expect(formatAddress({ address: '', lng: null, lat: null })).toBe('');
  });
  it('places a box only by both coordinates, in range', () => {
    expect(addressLngLat('A栋|3楼|113.32|23.13')).toEqual([113.32, 23.13]);
    expect(addressLngLat('某地||')).toBeNull();
    expect(addressLngLat('某地|113.32|')).toBeNull();
    expect(addressLngLat('某地|200|23')).toBeNull();
    expect(addressLngLat('某地|abc|23')).toBeNull();
  });
  it('knows the coordinate ranges', () => {
    expect(validLng(180) && validLng(-180) && !validLng(180.1)).toBe(true);
    expect(validLat(90) && validLat(-90) && !validLat(-90.5)).toBe(true);
  });
});
