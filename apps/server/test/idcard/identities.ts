/**
 * Random but reproducible SYNTHETIC identities for ID-card tests. Every person is invented:
 * names are drawn from common Vietnamese name parts, places from invented commune names and
 * real province names, ID numbers follow the national structure (province code, sex/century
 * digit, birth year) with random tails.
 */

/** Small seeded PRNG (mulberry32): the same seed always yields the same identities. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Identity {
  /** 12 digits. */
  idNumber: string;
  /** 9 digits or null. */
  oldIdNumber: string | null;
  /** As in the QR code: 'Nguyễn Thị Thu Hà'. */
  fullName: string;
  surname: string;
  givenNames: string;
  /** dd/MM/yyyy */
  birthDate: string;
  sex: 'Nam' | 'Nữ';
  nationality: 'Việt Nam';
  /** Place of origin (Quê quán). */
  home: string;
  /** Permanent residence (Nơi thường trú). */
  address: string;
  /** dd/MM/yyyy */
  issueDate: string;
  /**
   * Issuing authority printed on the back: the police department on chip cards issued before
   * 1 July 2024, the Ministry ('Bộ Công an') on the 'Thẻ căn cước' issued since; '' prints none.
   */
  issueLoc: string;
  /** dd/MM/yyyy, or null for 'Không thời hạn'. */
  expiryDate: string | null;
  /** Distinguishing marks printed on the back. */
  marks: string;
}

const SURNAMES = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
  'Đinh',
  'Trương',
];
const MIDDLE_MALE = ['Văn', 'Hữu', 'Đức', 'Minh', 'Quốc', 'Gia', 'Thành', 'Xuân', 'Công', 'Đình'];
const MIDDLE_FEMALE = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Bảo', 'Kim', 'Mỹ', 'Phương', 'Diệu', 'Hồng'];
const GIVEN_MALE = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Đạt',
  'Hải',
  'Hiếu',
  'Hùng',
  'Khánh',
  'Long',
  'Nam',
  'Phong',
  'Quân',
  'Sơn',
  'Tuấn',
  'Trung',
  'Việt',
  'Thắng',
  'Lộc',
  'Nghĩa',
];
const GIVEN_FEMALE = [
  'Anh',
  'Chi',
  'Dung',
  'Giang',
  'Hà',
  'Hạnh',
  'Hoa',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'Ngọc',
  'Nhung',
  'Phương',
  'Quỳnh',
  'Thảo',
  'Thủy',
  'Trang',
  'Uyên',
  'Yến',
];

/** Province codes (first three digits of the ID number) and names as printed on cards issued before July 2025. */
export const PROVINCES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['001', 'Hà Nội'],
  ['019', 'Thái Nguyên'],
  ['022', 'Quảng Ninh'],
  ['027', 'Bắc Ninh'],
  ['030', 'Hải Dương'],
  ['031', 'Hải Phòng'],
  ['034', 'Thái Bình'],
  ['036', 'Nam Định'],
  ['037', 'Ninh Bình'],
  ['038', 'Thanh Hóa'],
  ['040', 'Nghệ An'],
  ['042', 'Hà Tĩnh'],
  ['046', 'Thừa Thiên Huế'],
  ['048', 'Đà Nẵng'],
  ['049', 'Quảng Nam'],
  ['052', 'Bình Định'],
  ['056', 'Khánh Hòa'],
  ['066', 'Đắk Lắk'],
  ['068', 'Lâm Đồng'],
  ['074', 'Bình Dương'],
  ['075', 'Đồng Nai'],
  ['079', 'Hồ Chí Minh'],
  ['083', 'Bến Tre'],
  ['089', 'An Giang'],
  ['092', 'Cần Thơ'],
  ['096', 'Cà Mau'],
];

/** Invented commune and district names (common Vietnamese place-name words, not real addresses). */
const COMMUNES = [
  'Tân Phong',
  'An Bình',
  'Hòa Lợi',
  'Phú Mỹ',
  'Thanh Xuân',
  'Đông Hưng',
  'Vĩnh Lộc',
  'Mỹ Đức',
  'Quang Trung',
  'Hưng Đạo',
  'Tiên Lữ',
  'Bình Minh',
  'Hồng Phúc',
  'Tây Sơn',
  'Long Thạnh',
];
const DISTRICTS = [
  'Kiến Xương',
  'Yên Phong',
  'Châu Thành',
  'Phú Bình',
  'Đông Sơn',
  'Hải Hậu',
  'Nghĩa Hưng',
  'Tam Nông',
  'Cẩm Giàng',
  'Hương Trà',
  'Diên Khánh',
  'Bảo Lộc',
];
const STREETS = [
  'Lê Lợi',
  'Trần Phú',
  'Nguyễn Trãi',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Điện Biên Phủ',
  'Hùng Vương',
  'Bạch Đằng',
];
const MARKS = [
  'Nốt ruồi C:2cm trên sau đầu mày phải',
  'Sẹo chấm C:1cm dưới sau cánh mũi trái',
  'Nốt ruồi C:3cm dưới trước mép phải',
  'Sẹo chấm C:2cm trên trước đầu mày trái',
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function digits(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(rand() * 10));
  return s;
}

/** The issuing authorities (written here, not imported from the engine the tests check). */
export const AUTHORITY_CHIP_2021 = 'Cục Cảnh sát quản lý hành chính về trật tự xã hội';
export const AUTHORITY_CAN_CUOC_2024 = 'Bộ Công an';
/** The 'Thẻ căn cước' of the Ministry replaced the chip card on 1 July 2024. */
const CAN_CUOC_FROM = Date.UTC(2024, 6, 1);

const pad2 = (n: number) => String(n).padStart(2, '0');
const fmt = (d: Date) => `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/** Chip cards expire on the birthday at 25, 40 or 60; a card issued after 60 has no expiry. */
function expiryFor(birth: Date, issue: Date): Date | null {
  for (const age of [25, 40, 60]) {
    const d = new Date(Date.UTC(birth.getUTCFullYear() + age, birth.getUTCMonth(), birth.getUTCDate()));
    // A card issued within two years of a milestone is valid until the next one.
    if (d.getTime() - issue.getTime() > 2 * 365 * 86_400_000) return d;
  }
  return null;
}

export function generateIdentities(count: number, seed = 20250701): Identity[] {
  const rand = seededRandom(seed);
  const people: Identity[] = [];
  for (let i = 0; i < count; i++) {
    const sex: 'Nam' | 'Nữ' = rand() < 0.5 ? 'Nam' : 'Nữ';
    const surname = pick(rand, SURNAMES);
    const middle = pick(rand, sex === 'Nam' ? MIDDLE_MALE : MIDDLE_FEMALE);
    const given = pick(rand, sex === 'Nam' ? GIVEN_MALE : GIVEN_FEMALE);
    // Some people have two given names: 'Nguyễn Thị Thu Hà'.
    const second = rand() < 0.3 ? pick(rand, sex === 'Nam' ? GIVEN_MALE : GIVEN_FEMALE) : null;
    const givenNames = [middle, second, given].filter(Boolean).join(' ');
    const year = 1960 + Math.floor(rand() * 46); // 1960 … 2005
    const birth = new Date(Date.UTC(year, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)));
    const issue = new Date(
      Date.UTC(2021 + Math.floor(rand() * 4), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
    );
    const expiry = expiryFor(birth, issue);
    const [code, province] = pick(rand, PROVINCES);
    const [, province2] = rand() < 0.6 ? [code, province] : pick(rand, PROVINCES);
    const century = year >= 2000 ? 2 : 0;
    const sexCentury = String(century + (sex === 'Nữ' ? 1 : 0));
    const idNumber = `${code}${sexCentury}${String(year).slice(2)}${digits(rand, 6)}`;
    const home = `Xã ${pick(rand, COMMUNES)}, ${pick(rand, DISTRICTS)}, ${province2}`;
    const address =
      rand() < 0.5
        ? `Số ${1 + Math.floor(rand() * 200)} ${pick(rand, STREETS)}, Phường ${pick(rand, COMMUNES)}, ${pick(rand, DISTRICTS)}, ${province}`
        : `Thôn ${1 + Math.floor(rand() * 12)}, Xã ${pick(rand, COMMUNES)}, ${pick(rand, DISTRICTS)}, ${province}`;
    people.push({
      idNumber,
      oldIdNumber: rand() < 0.5 ? digits(rand, 9) : null,
      fullName: `${surname} ${givenNames}`,
      surname,
      givenNames,
      birthDate: fmt(birth),
      sex,
      nationality: 'Việt Nam',
      home,
      address,
      issueDate: fmt(issue),
      issueLoc: issue.getTime() >= CAN_CUOC_FROM ? AUTHORITY_CAN_CUOC_2024 : AUTHORITY_CHIP_2021,
      expiryDate: expiry ? fmt(expiry) : null,
      marks: pick(rand, MARKS),
    });
  }
  return people;
}
