import { useMemo } from 'react';
import { create } from 'qrcode';

/** Light modules around the code: the quiet zone a phone's camera needs to find it. */
const QUIET = 2;

/**
 * The join URL as a QR code, drawn as one SVG path from the `qrcode` package's module matrix (no
 * canvas and no markup string: it scales sharp to a projector and renders in tests). Error
 * correction M keeps the code coarse enough to scan from the back of a classroom.
 */
export function JoinQrCode({ url, size = 280 }: { url: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    return { path: d, width: modules.size + QUIET * 2 };
  }, [url]);
  return (
    <svg
      className="cls-qr"
      role="img"
      aria-label={`参加用QRコード（${url}）`}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
