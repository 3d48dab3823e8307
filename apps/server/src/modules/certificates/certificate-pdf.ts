import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';

/**
 * The certificate as a PDF: A5 landscape, Vietnamese text in Be Vietnam Pro (the TTFs are embedded
 * and subset by pdfkit, so the file reads the same on any phone or printer), and a QR code of the
 * verification link. Everything printed comes from `CertificatePrint`; nothing else about the
 * donor goes in.
 */
export type CertificatePrint = {
  serial: string;
  fullName: string;
  /** dd/MM/yyyy */
  birthDate: string;
  address: string;
  facility: string;
  /** dd/MM/yyyy */
  donatedOn: string;
  volumeMl: number;
  /** PUBLIC_URL/xac-minh/{serial}#{signature} */
  verifyUrl: string;
  /** 'Còn hiệu lực', 'Đã thu hồi' …: printed when not valid, so an old copy says so. */
  stateLabel: string | null;
};

const require = createRequire(import.meta.url);
const FONT_REGULAR =
  require.resolve('@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/be-vietnam-pro/700Bold/BeVietnamPro_700Bold.ttf');

/** A5 landscape in points. */
const WIDTH = 595.28;
const HEIGHT = 419.53;
const RED = '#b91c1c';

export function renderCertificatePdf(c: CertificatePrint): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 36,
    info: {
      Title: `Giấy chứng nhận hiến máu tình nguyện ${c.serial}`,
      Author: c.facility,
      Subject: c.serial,
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // A double frame, the way the paper certificate is printed.
  doc
    .lineWidth(2)
    .strokeColor(RED)
    .rect(14, 14, WIDTH - 28, HEIGHT - 28)
    .stroke();
  doc
    .lineWidth(0.5)
    .rect(20, 20, WIDTH - 40, HEIGHT - 40)
    .stroke();

  const textWidth = WIDTH - 72 - 120;
  doc
    .fillColor('#111827')
    .font('bold')
    .fontSize(10)
    .text('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', 36, 34, {
      width: WIDTH - 72,
      align: 'center',
    });
  doc
    .font('regular')
    .fontSize(9)
    .text('Độc lập - Tự do - Hạnh phúc', { width: WIDTH - 72, align: 'center' });
  doc.moveDown(0.8);
  doc
    .fillColor(RED)
    .font('bold')
    .fontSize(17)
    .text('GIẤY CHỨNG NHẬN HIẾN MÁU TÌNH NGUYỆN', {
      width: WIDTH - 72,
      align: 'center',
    });
  doc
    .fillColor('#111827')
    .font('regular')
    .fontSize(9)
    .text(`Số: ${c.serial}`, { width: WIDTH - 72, align: 'center' });
  doc.moveDown(1);

  const line = (label: string, value: string) => {
    doc.font('regular').fontSize(11).text(`${label}: `, { continued: true, width: textWidth });
    doc.font('bold').text(value, { width: textWidth });
    doc.moveDown(0.25);
  };
  doc.x = 36;
  line('Họ và tên', c.fullName);
  line('Ngày sinh', c.birthDate);
  line('Địa chỉ', c.address || '—');
  line('Đã hiến', `${c.volumeMl} ml máu`);
  line('Ngày hiến', c.donatedOn);
  line('Nơi hiến', c.facility);
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor('#374151')
    .text(
      'Giấy chứng nhận có giá trị để được truyền máu miễn phí tại các cơ sở y tế công lập, tối đa bằng lượng máu đã hiến. ' +
        'Quét mã QR để xác minh và xem thể tích còn lại.',
      { width: textWidth },
    );
  if (c.stateLabel) {
    doc
      .moveDown(0.4)
      .fillColor(RED)
      .font('bold')
      .fontSize(11)
      .text(`Trạng thái: ${c.stateLabel}`, { width: textWidth });
  }

  // The QR code of the verification link, drawn as squares (no image decoding needed to read it back).
  const qr = encode(c.verifyUrl, { border: 2 });
  const box = 110;
  const cell = box / qr.size;
  const left = WIDTH - 36 - box;
  const top = 150;
  doc.fillColor('#000000');
  for (let y = 0; y < qr.size; y++)
    for (let x = 0; x < qr.size; x++)
      if (qr.data[y]![x]) doc.rect(left + x * cell, top + y * cell, cell, cell);
  doc.fill();
  doc
    .font('regular')
    .fontSize(7)
    .fillColor('#374151')
    .text('Quét để xác minh', left, top + box + 4, {
      width: box,
      align: 'center',
    });

  doc.end();
  return done;
}
