import { describe, expect, it } from 'vitest';

// The byte comparison of the API tests' setup (test/setup.ts) still tells bytes apart.
describe('comparing bytes in the API tests', () => {
  const photo = Buffer.alloc(200_000, 7);

  it('equal contents are equal, in rows too', () => {
    expect(Buffer.from(photo)).toStrictEqual(photo);
    expect({ front: Buffer.from(photo), id: 1 }).toEqual({ front: photo, id: 1 });
  });

  it('one byte, the length or the type makes them differ', () => {
    const other = Buffer.from(photo);
    other[199_999] = 8;
    expect(other).not.toEqual(photo);
    expect({ front: other }).not.toStrictEqual({ front: photo });
    expect(photo.subarray(1)).not.toEqual(photo);
    expect(new Uint8Array(photo)).not.toStrictEqual(photo);
    expect(new Uint8Array(photo)).toStrictEqual(new Uint8Array(photo));
  });
});
