import { mod37_2, screeningPath } from '@giot-hong/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call } from './accounts.ts';

/** A venue check with every value inside its limit (a 55 kg donor may give 450 ml). */
export const NORMAL_CHECK = {
  weightKg: 55,
  systolic: 120,
  diastolic: 80,
  pulse: 72,
  hemoglobinGL: 135,
  temperatureC: 36.6,
};

/** The check's inputs by their labels on the day page. */
export const CHECK_LABELS = {
  weightKg: 'Cân nặng (kg)',
  systolic: 'Huyết áp tâm thu (mmHg)',
  diastolic: 'Huyết áp tâm trương (mmHg)',
  pulse: 'Mạch (lần/phút)',
  hemoglobinGL: 'Huyết sắc tố (g/L)',
  temperatureC: 'Nhiệt độ (°C, không bắt buộc)',
} as const;

/** Opens 'Khám sàng lọc' on a donor's entry, types the values and saves; the dialog closes. */
export async function recordCheckThroughForm(
  page: Page,
  entry: Locator,
  values: Partial<Record<keyof typeof CHECK_LABELS, number>> = NORMAL_CHECK,
) {
  await entry.getByRole('button', { name: /^Khám sàng lọc/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Khám sàng lọc' });
  for (const [field, label] of Object.entries(CHECK_LABELS)) {
    const v = values[field as keyof typeof CHECK_LABELS];
    await dialog.getByLabel(label).fill(v === undefined ? '' : String(v).replace('.', ','));
  }
  await dialog.getByRole('button', { name: 'Lưu kết quả khám' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The same check through the API (another desk). */
export async function recordCheckByApi(token: string, appointmentId: number, values = NORMAL_CHECK) {
  const res = await call(screeningPath(appointmentId), { token, method: 'PUT', body: values });
  expect(res.status, res.body?.message).toBe(200);
}

/**
 * A fresh ISBT 128 donation identification number of the standard's example facility (A9999),
 * with its MOD 37-2 check character: `data` is what the bag's Code 128 barcode carries.
 */
export function freshDin(): { data: string; withCheck: string } {
  const seq = String((Date.now() * 7 + Math.floor(Math.random() * 1000)) % 1_000_000).padStart(6, '0');
  const data = `A9999${String(new Date().getFullYear()).slice(-2)}${seq}`;
  return { data, withCheck: `${data}${mod37_2(data)}` };
}
