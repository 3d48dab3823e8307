import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from '../data/faq-content';
import { filterFaq } from './filter-faq';

const questions = (search: string) =>
  filterFaq(FAQ_CATEGORIES, search).flatMap((c) => c.questions.map((q) => q.question));

describe('FAQ search', () => {
  it('keeps everything for an empty or blank search', () => {
    expect(filterFaq(FAQ_CATEGORIES, '  ')).toBe(FAQ_CATEGORIES);
  });

  it('ignores case and diacritics, in questions and answers', () => {
    const expected = questions('xe máy');
    expect(expected).toEqual(['Sau khi hiến máu tôi cần lưu ý những gì?']);
    expect(questions('XE MAY')).toEqual(expected);
    expect(questions('Xe May')).toEqual(expected);
  });

  it("treats 'đ' as 'd'", () => {
    expect(questions('di lai')).toEqual(['Người hiến máu được những quyền lợi gì?']);
    expect(questions('ĐI LẠI')).toEqual(['Người hiến máu được những quyền lợi gì?']);
  });

  it('drops categories without a match and finds nothing for nonsense', () => {
    expect(filterFaq(FAQ_CATEGORIES, 'giay chung nhan').map((c) => c.id)).toEqual([
      'quy-trinh-hien-mau',
      'quyen-loi',
    ]);
    expect(filterFaq(FAQ_CATEGORIES, 'xyzxyz')).toEqual([]);
  });
});
