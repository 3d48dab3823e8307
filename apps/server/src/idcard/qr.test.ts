import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateIdentities } from '../../test/idcard/identities.ts';
import { qrPayloadFor, renderCardPng } from '../../test/idcard/render-card.ts';
import { ddmmyyyyToDisplay, decodeQr, parseQrPayload } from './qr.ts';

// Invented person and address.
const PAYLOAD =
  '001090012345|123456789|Nguyễn Văn An|15031990|Nam|Số 12 Lê Lợi, Phường Tân Phong, Kiến Xương, Thái Bình|20082021';

describe('parseQrPayload', () => {
  it('reads the seven fields of a chip-card QR code', () => {
    expect(parseQrPayload(PAYLOAD)).toEqual({
      ok: true,
      payload: {
        idNumber: '001090012345',
        oldIdNumber: '123456789',
        fullName: 'Nguyễn Văn An',
        birthDate: '15/03/1990',
        sex: 'Nam',
        address: 'Số 12 Lê Lợi, Phường Tân Phong, Kiến Xương, Thái Bình',
        issueDate: '20/08/2021',
      },
    });
  });

  it('accepts an empty old ID number, Nữ, and decomposed diacritics (normalised to NFC)', () => {
    const r = parseQrPayload(
      '079305001234||Trần Thị Thu Hà|01012005|Nữ|Thôn 3, Xã An Bình, Hồ Chí Minh|02032022'.normalize('NFD'),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload.oldIdNumber).toBeNull();
    expect(r.payload.sex).toBe('Nữ');
    expect(r.payload.fullName).toBe('Trần Thị Thu Hà'.normalize('NFC'));
    expect(r.payload.fullName).not.toBe('Trần Thị Thu Hà'.normalize('NFD'));
  });

  it.each([
    ['six fields', '001090012345|123456789|Nguyễn Văn An|15031990|Nam|Hà Nội'],
    ['eight fields', `${PAYLOAD}|x`],
    ['an 11-digit ID number', PAYLOAD.replace('001090012345', '00109001234')],
    ['letters in the ID number', PAYLOAD.replace('001090012345', '00109001234A')],
    ['an 8-digit old ID number', PAYLOAD.replace('123456789', '12345678')],
    ['an impossible birth date', PAYLOAD.replace('15031990', '31021990')],
    ['a birth date with separators', PAYLOAD.replace('15031990', '15/03/1990')],
    ['sex in English', PAYLOAD.replace('|Nam|', '|Male|')],
    ['an empty name', PAYLOAD.replace('Nguyễn Văn An', ' ')],
    ['digits in the name', PAYLOAD.replace('Nguyễn Văn An', 'Nguyễn Văn 4n')],
    ['an empty address', PAYLOAD.replace(/\|Số[^|]+\|/, '| |')],
    ['a bad issue date', PAYLOAD.replace('20082021', '2008202')],
    ['a URL', 'https://example.com/?q=1'],
  ])('rejects %s', (_name, text) => {
    expect(parseQrPayload(text).ok).toBe(false);
  });

  it('checks calendar dates', () => {
    expect(ddmmyyyyToDisplay('29022000')).toBe('29/02/2000');
    expect(ddmmyyyyToDisplay('29021900')).toBeNull();
    expect(ddmmyyyyToDisplay('00012000')).toBeNull();
  });
});

describe('decodeQr', () => {
  afterEach(() => vi.restoreAllMocks());

  it('decodes the QR code of a rendered card from the local wasm binary, never fetching', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const person = generateIdentities(1, 11)[0]!;
    const { front } = await renderCardPng(person);
    const { data, info } = await sharp(front).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const readings = await decodeQr({ data, width: info.width, height: info.height });
    expect(readings).toHaveLength(1);
    expect(readings[0]!.text).toBe(qrPayloadFor(person));
    // The code sits in the top-right corner of the card.
    expect(readings[0]!.position.topLeft.x).toBeGreaterThan(info.width * 0.7);
    expect(readings[0]!.position.bottomLeft.y).toBeLessThan(info.height * 0.35);
    const parsed = parseQrPayload(readings[0]!.text);
    expect(parsed.ok && parsed.payload.fullName).toBe(person.fullName);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('finds nothing in an image without a QR code', async () => {
    const { data, info } = await sharp({
      create: { width: 400, height: 300, channels: 4, background: '#eeeeee' },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(await decodeQr({ data, width: info.width, height: info.height })).toEqual([]);
  });
});
