/**
 * Folds Vietnamese text for searching: NFC-independent, case-insensitive and without
 * diacritics, so 'hien mau' matches 'Hiến máu'. 'đ' has no combining form and is mapped by hand.
 */
export function foldVietnamese(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
