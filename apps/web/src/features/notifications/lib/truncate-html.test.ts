import { describe, expect, it } from 'vitest';
import { cutText, htmlTextLength, previewHtml, truncateHtml } from './truncate-html';

describe('truncateHtml', () => {
  it('counts visible characters only, entities once', () => {
    expect(htmlTextLength('<p>Xin <strong>chào</strong> &amp; hẹn gặp</p><br/>')).toBe(
      'Xin chào & hẹn gặp'.length,
    );
  });

  it('cuts text inside elements and closes what is open', () => {
    expect(
      truncateHtml('<p>Bạn đã đăng ký <strong>Ngày hội Chủ nhật Đỏ</strong> lúc 07:00.</p><p>Thêm</p>', 20),
    ).toBe('<p>Bạn đã đăng ký <strong>Ngày…</strong></p>');
    expect(truncateHtml('<ul><li>Một</li><li>Hai <a href="https://x.vn">ba bốn</a></li></ul>', 8)).toBe(
      '<ul><li>Một</li><li>Hai <a href="https://x.vn">b…</a></li></ul>',
    );
  });

  it('never splits an entity or a tag, and keeps void elements unclosed', () => {
    expect(truncateHtml('<p>A &amp; B<br>C D E</p>', 4)).toBe('<p>A &amp;…</p>');
    expect(truncateHtml('<p>AB<img src="https://x.vn/a.png" alt="x">CDEF</p>', 3)).toBe(
      '<p>AB<img src="https://x.vn/a.png" alt="x">C…</p>',
    );
  });

  it('leaves short content as it is', () => {
    const html = '<p>Ngắn <em>gọn</em></p>';
    expect(truncateHtml(html, 100)).toBe(html);
  });
});

describe('previews of spec section 9', () => {
  const long = `<p>${'a'.repeat(90)}</p>`;
  const longer = `<p>${'b'.repeat(101)}</p>`;

  it('panel: 80 characters plus an ellipsis only when longer than 100', () => {
    expect(previewHtml(long, 80, 100)).toBe(long);
    expect(previewHtml(longer, 80, 100)).toBe(`<p>${'b'.repeat(80)}…</p>`);
  });

  it('page: cut at 100', () => {
    expect(previewHtml(long, 100)).toBe(long);
    expect(previewHtml(longer, 100)).toBe(`<p>${'b'.repeat(100)}…</p>`);
  });

  it('titles: 50 characters plus an ellipsis', () => {
    expect(cutText('Nhắc lịch: ngày mai bạn có lịch hiến máu', 50)).toBe(
      'Nhắc lịch: ngày mai bạn có lịch hiến máu',
    );
    expect(cutText('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}…`);
  });
});
