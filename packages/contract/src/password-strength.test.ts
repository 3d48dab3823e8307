import { describe, expect, it } from 'vitest';
import { ZStrongPassword } from './auth.ts';
import { DEMO_PASSWORDS, isGuessablePassword, personalWords } from './password-strength.ts';

const person = { username: 'hoabinh88', email: 'tuyet.mai@example.vn' };

describe('the password strength estimate', () => {
  it.each([
    'Aaaaaaa1!',
    'Aa1!Aa1!',
    '12345678Aa!',
    'Linh@1997',
    'Nguyen@2024',
    'Matkhau@123',
    'GiotHong@2026',
    'Hienmau@123',
    ...Object.values(DEMO_PASSWORDS),
  ])('refuses %s, which meets the character rules', (password) => {
    expect(ZStrongPassword.safeParse(password).success).toBe(true);
    expect(isGuessablePassword(password, person)).toBe(true);
  });

  it.each(['Hoabinh88@x!', 'Tuyet.Mai@2024', 'TuyetMai!99x'])(
    'refuses %s, built from the username or e-mail, for that person only',
    (password) => {
      expect(isGuessablePassword(password, person)).toBe(true);
      expect(isGuessablePassword(password, { username: 'khac', email: 'khac@example.vn' })).toBe(false);
    },
  );

  it.each(['Kq7#mZp2', 'Sen-Vang-7!kq', 'Mua@Thu-Ha-Noi-59', 'Kh0ng-Doan@Duoc', 'HienMau@Test26'])(
    'accepts %s',
    (password) => {
      expect(isGuessablePassword(password, person)).toBe(false);
    },
  );

  it('takes the username, the whole e-mail, its parts and its domain as known words', () => {
    expect(personalWords(person)).toEqual([
      'hoabinh88',
      'tuyet.mai@example.vn',
      'tuyet.mai',
      'tuyet',
      'mai',
      'tuyetmai',
      'example',
    ]);
  });
});
