import { describe, expect, it } from 'vitest';
import { currentTarget } from './nav-items';

describe('currentTarget', () => {
  const profileLinks = [
    '/trang-ca-nhan#lich-su-hien-mau',
    '/trang-ca-nhan',
    '/trang-ca-nhan#tao-ho-so-hien-mau',
  ];
  const at = (pathname: string, hash = '') => currentTarget(profileLinks, { pathname, hash });

  it('tells the profile links apart by their hash', () => {
    expect(at('/trang-ca-nhan', '#lich-su-hien-mau')).toBe('/trang-ca-nhan#lich-su-hien-mau');
    expect(at('/trang-ca-nhan', '#tao-ho-so-hien-mau')).toBe('/trang-ca-nhan#tao-ho-so-hien-mau');
  });

  it("counts an appointment's view as the history", () => {
    expect(at('/trang-ca-nhan', '#xem-lich-hen-42')).toBe('/trang-ca-nhan#lich-su-hien-mau');
  });

  it('falls back to the link of the path: the personal information, also for other hashes', () => {
    expect(at('/trang-ca-nhan')).toBe('/trang-ca-nhan');
    expect(at('/trang-ca-nhan', '#thong-tin-ca-nhan')).toBe('/trang-ca-nhan');
    expect(at('/trang-ca-nhan', '#%')).toBe('/trang-ca-nhan');
  });

  it('marks nothing elsewhere', () => {
    expect(at('/tin-tuc')).toBeUndefined();
    expect(currentTarget(['/', '/dang-nhap'], { pathname: '/dang-nhap', hash: '' })).toBe('/dang-nhap');
  });
});
