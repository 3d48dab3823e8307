import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver } from './contract-resolver';

type Form = { title: string; date: string; time: string };
const ZRequest = z.object({
  title: z.string().trim().min(1, 'Vui lòng nhập tiêu đề'),
  publishAt: z.string().min(1, 'Thời gian đăng không hợp lệ').nullable(),
});
const toRequest = (v: Form) => ({
  title: v.title,
  publishAt: v.date || v.time ? (v.date && v.time ? `${v.date}T${v.time}` : '') : null,
});
const resolver = contractResolver<Form>(
  [ZRequest],
  toRequest,
  (path) => (path[0] === 'publishAt' ? 'date' : (path[0] as keyof Form)),
  (v, _r, add) => {
    if (v.title === 'cấm') add('title', 'Tiêu đề không được dùng');
  },
);
const run = (v: Form) => resolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('checking a form with the contract’s request schema', () => {
  it('puts each message under the input that feeds the request field', async () => {
    const r = await run({ title: ' ', date: '2026-12-01', time: '' });
    expect(r.values).toEqual({});
    expect(r.errors).toMatchObject({
      title: { message: 'Vui lòng nhập tiêu đề' },
      date: { message: 'Thời gian đăng không hợp lệ' },
    });
  });

  it('adds the form’s own rules, and answers the values when all is well', async () => {
    expect((await run({ title: 'cấm', date: '', time: '' })).errors).toMatchObject({
      title: { message: 'Tiêu đề không được dùng' },
    });
    const ok = { title: 'Tin mới', date: '', time: '' };
    expect(await run(ok)).toEqual({ values: ok, errors: {} });
  });
});
