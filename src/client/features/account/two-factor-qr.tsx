import { encode } from 'uqr'

/**
 * The otpauth URI as a QR code for an authenticator app to scan, drawn as one SVG path. Loaded
 * on its own (React.lazy), only when someone turns two-factor on. Always dark on white, the
 * contrast scanners need, whatever the theme.
 */
export function TwoFactorQr({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 })
  const cells = data.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
  )
  return (
    <svg
      role="img"
      aria-label="QR code for your authenticator app"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-2xl bg-white p-1 shadow-md"
    >
      <path d={cells.join('')} fill="#1a1433" />
    </svg>
  )
}
