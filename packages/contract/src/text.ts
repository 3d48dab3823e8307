/**
 * Folds Vietnamese text for searching: NFC-independent, case-insensitive and without
 * diacritics, so 'hien mau' matches 'Hiến máu'. 'đ' has no combining form and is mapped by hand.
 */
export function foldVietnamese(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0111\u0110]/g, 'd') // đ, Đ
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a text folded for search, as the donor-name index holds them: the database folds
 * names the same way (vn_fold, migration 0016).
 */
export const searchWords = (text: string) =>
  foldVietnamese(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
