import type { TAdminAppointment } from '@giot-hong/contract';

type Screening = NonNullable<TAdminAppointment['screening']>;
const fmt = (n: number) => String(n).replace('.', ',');

/** One measured value: red, with its finding's words, when it is outside its limit. */
function Value({ s, field, children }: { s: Screening; field: string | string[]; children: string }) {
  const fields = Array.isArray(field) ? field : [field];
  const out = s.findings.some((f) => fields.includes(f.field));
  return out ? (
    <span data-out-of-limit className="font-semibold text-red-700">
      {children}
    </span>
  ) : (
    <span>{children}</span>
  );
}

/**
 * What the desk recorded beyond the status: the venue check (values outside a limit in red, with
 * what they propose), the bag's unit number, an emergency donation and the certificate's serial.
 */
export function DonationFacts({ a }: { a: TAdminAppointment }) {
  const s = a.screening;
  if (!s && !a.unitNumber && !a.certificateSerial && !a.emergency) return null;
  return (
    <div data-donation-facts className="flex flex-col gap-1 text-sm text-slate-900">
      {s && (
        <div>
          <span className="text-slate-700">Khám sàng lọc: </span>
          <Value s={s} field="weightKg">{`${fmt(s.weightKg)} kg`}</Value>
          {' · HA '}
          <Value s={s} field={['systolic', 'diastolic']}>{`${s.systolic}/${s.diastolic} mmHg`}</Value>
          {' · Mạch '}
          <Value s={s} field="pulse">
            {String(s.pulse)}
          </Value>
          {' · Hb '}
          <Value s={s} field="hemoglobinGL">{`${s.hemoglobinGL} g/L`}</Value>
          {s.temperatureC !== null && (
            <>
              {' · '}
              <Value s={s} field="temperatureC">{`${fmt(s.temperatureC)} °C`}</Value>
            </>
          )}
          {s.findings.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-red-700">
              {s.findings.map((f) => (
                <li key={f.field}>{f.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {a.unitNumber && (
        <div>
          <span className="text-slate-700">Mã túi máu: </span>
          <span className="font-mono break-all">{a.unitNumber}</span>
        </div>
      )}
      {a.emergency && (
        <div>
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            Hiến máu khẩn cấp
          </span>
        </div>
      )}
      {a.certificateSerial && (
        <div>
          <span className="text-slate-700">Giấy chứng nhận: </span>
          <span className="font-mono">{a.certificateSerial}</span>
        </div>
      )}
    </div>
  );
}
