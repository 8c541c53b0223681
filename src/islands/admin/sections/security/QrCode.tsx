import { encode } from 'uqr';

/** A QR code drawn as SVG in the page itself: the key never leaves the browser for an image service. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 bg-white" shapeRendering="crispEdges">
      <path d={path} fill="#000" />
    </svg>
  );
}
