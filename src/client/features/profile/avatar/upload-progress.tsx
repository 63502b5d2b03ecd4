/** An upload's progress bar under the avatar or the banner, named for what is uploading. */
export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className="h-2 w-32 overflow-hidden rounded-full bg-sunken"
    >
      <div
        className="h-full bg-sakura-500 transition-[width]"
        style={{ width: `${progress * 100}%` }}
      />
    </div>
  )
}
