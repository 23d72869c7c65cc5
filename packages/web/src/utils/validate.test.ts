import { describe, expect, it } from 'vitest';
import { isExternal, parseIdCard, validText } from './validate';

describe('validText', () => {
  it('needs something besides blanks', () => {
    expect(validText('admin')).toBe(true);
    expect(validText('  a ')).toBe(true);
    expect(validText('   ')).toBe(false);
    expect(validText('')).toBe(false);
    expect(validText(undefined)).toBe(false);
  });
});

describe('isExternal', () => {
  it.each(['https://a.cn', 'http://a.cn', 'mailto:a@b.cn', 'tel:10086'])('%s is external', (link) => {
    expect(isExternal(link)).toBe(true);
  });
  it.each(['/device/device', 'device', 'ftp://a.cn', 'www.a.cn'])('%s is not', (link) => {
    expect(isExternal(link)).toBe(false);
  });
});

describe('parseIdCard', () => {
  const now = new Date(2025, 5, 15); // 2025-06-15

  it('reads birthday, sex and age', () => {
    expect(parseIdCard('11010519491231002X', now)).toEqual({ birthday: '1949-12-31', sex: '女', age: 75 });
    expect(parseIdCard('110105188001010033', now)).toEqual({ birthday: '1880-01-01', sex: '男', age: 145 });
  });

  it('accepts a lower-case x and surrounding blanks', () => {
    expect(parseIdCard(' 11010519491231002x ', now)?.birthday).toBe('1949-12-31');
  });

  it('knows leap years', () => {
    expect(parseIdCard('440305200002290010', now)?.birthday).toBe('2000-02-29');
    expect(parseIdCard('440305200102290018', now)).toBeNull();
  });

  it('counts a year only once the birthday has passed, and never below 1', () => {
    expect(parseIdCard('510102202406100057', now)?.age).toBe(1);
    expect(parseIdCard('110105202403100013', new Date(2024, 5, 1))?.age).toBe(1);
    expect(parseIdCard('11010519491231002X', new Date(2025, 11, 31))?.age).toBe(76);
  });

  it('refuses wrong length, region, year, month, day, check digit and future births', () => {
    expect(parseIdCard('11010519491231002', now)).toBeNull();
    expect(parseIdCard('990105199001010014', now)).toBeNull(); // region 99
    expect(parseIdCard('110105170001010011', now)).toBeNull(); // year 17xx
    expect(parseIdCard('110105194913310021', now)).toBeNull(); // month 13
    expect(parseIdCard('11010519490431002X', now)).toBeNull(); // 31 April
    expect(parseIdCard('110105194912310021', now)).toBeNull(); // check digit should be X
    expect(parseIdCard('110105300001010014', now)).toBeNull(); // born in 3000
  });
});
