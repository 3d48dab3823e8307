/**
 * The heading and introduction of the day's time slots: drawn by the slots' section (day-slots.tsx,
 * a chunk of its own) and, in its place, before the person has scrolled near it
 * (campaign-day-route.tsx), so the page's outline is the same either way.
 */
export function DaySlotsHeading() {
  return (
    <>
      <h2 id="day-slots-heading" className="mb-1 text-lg font-semibold text-slate-900">
        Theo khung giờ
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        Số chỗ đã đặt và đã check-in của từng khung giờ; có thể đổi số chỗ (không nhỏ hơn số đã đặt).
      </p>
    </>
  );
}
