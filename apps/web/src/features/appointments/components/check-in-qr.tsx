import { encode } from 'uqr';

/**
 * The appointment's check-in code as a QR code (drawn as one SVG path, no canvas, no script in
 * the markup). Loaded on demand by the appointment view, so the encoder is in no other chunk.
 */
export default function CheckInQr({ code, label }: { code: string; label: string }) {
  const qr = encode(code, { ecc: 'M', border: 2 });
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
      className="size-56 max-w-full bg-white"
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
