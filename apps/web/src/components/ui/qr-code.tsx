import { encode } from 'uqr';

/**
 * A text as a QR code, drawn as one SVG path: no canvas, no script or style in the markup, so the
 * strict CSP holds. Import it lazily (`lazy(() => import(…))`): the encoder then sits in this
 * chunk alone, fetched by the pages that show a code (an appointment's check-in, a staff
 * member's authenticator enrolment) and by no other.
 */
export default function QrCode({
  value,
  label,
  className = 'size-56',
}: {
  value: string;
  /** What the code is, for screen readers. */
  label: string;
  className?: string;
}) {
  const qr = encode(value, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className={`${className} max-w-full bg-white`}
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
