import type { RefObject } from 'react'

/**
 * The two hidden file inputs behind "Choose from Library" (any image, so phones offer their
 * photo library) and "Browse Files" (the three types the server takes), for the avatar or the
 * banner; their buttons click them.
 */
export function FilePickers({
  name,
  library,
  files,
  onPick,
}: {
  name: 'avatar' | 'banner'
  library: RefObject<HTMLInputElement | null>
  files: RefObject<HTMLInputElement | null>
  onPick: (file: File) => void
}) {
  return (
    <>
      {(
        [
          [library, 'image/*', `${name}-library-input`],
          [files, 'image/jpeg,image/png,image/webp', `${name}-file-input`],
        ] as const
      ).map(([ref, accept, testId]) => (
        <input
          key={testId}
          ref={ref}
          type="file"
          accept={accept}
          hidden
          data-testid={testId}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file !== undefined) onPick(file)
          }}
        />
      ))}
    </>
  )
}
