import { useQuery } from '@tanstack/react-query'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { ACCOUNT } from '../strings'

/** uqr's module matrix of a QR code (true for a dark module), loaded only when one is shown. */
async function qrMatrix(uri: string): Promise<boolean[][]> {
  const { encode } = await import('uqr')
  return encode(uri, { ecc: 'M', border: 2 }).data
}

/**
 * The otpauth URI as a QR code for an authenticator app to scan, drawn as one SVG path. Always
 * dark on white, the contrast scanners need, whatever the theme.
 */
export function TwoFactorQr({ uri }: { uri: string }) {
  const matrix = useQuery(
    { queryKey: ['qr', uri], queryFn: () => qrMatrix(uri), staleTime: Infinity },
    queryClient,
  )
  const strings = useStrings('account', ACCOUNT).setup
  if (matrix.data === undefined) {
    return (
      <div
        aria-busy={!matrix.isError}
        aria-label={matrix.isError ? undefined : strings.qrLoading}
        className="grid size-48 place-items-center rounded-2xl bg-accent-soft p-4 text-center text-sm"
      >
        {matrix.isError && strings.qrFailed}
      </div>
    )
  }
  const size = matrix.data.length
  const cells = matrix.data.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
  )
  return (
    <svg
      role="img"
      aria-label={strings.qr}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-2xl bg-white p-1 shadow-md"
    >
      <path d={cells.join('')} fill="#1a1433" />
    </svg>
  )
}
