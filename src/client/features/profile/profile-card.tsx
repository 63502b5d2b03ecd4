import { Link } from 'wouter'
import type { Profile } from '@shared/profile'
import { Button } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useNumberFormat } from '@client/lib/i18n/format'
import { AvatarFrame } from './avatar/avatar-frame'
import { AvatarImage } from './avatar/avatar-image'
import { thumbhashPlaceholder } from './avatar/thumbhash-placeholder'
import { PANEL_BANNER_SIZES } from './banner/banner-editor'
import { ProfileBanner } from './banner/banner-image'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { useCheckLinks, useLinkCheck } from './profile-query'
import { PROFILE } from './strings'

/** View mode: banner, avatar, name, ID, e-mail, plan and pins, and the links with whether each is verified. */
export function ProfileCard({
  profile,
  email,
  onEdit,
}: {
  profile: Profile
  email: string
  onEdit: () => void
}) {
  const strings = useStrings('profile', PROFILE).card
  const number = useNumberFormat()
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <ProfileBanner profile={profile} sizes={PANEL_BANNER_SIZES} />
      <AvatarFrame frame={profile.frame}>
        <AvatarImage
          address={profile.avatar}
          placeholder={thumbhashPlaceholder(profile.avatarThumbhash)}
          className="border-4 border-sakura-300"
          alt={strings.avatar}
        />
      </AvatarFrame>
      <div>
        <p className="text-xl font-bold text-ink" data-testid="profile-name">
          {profile.name || strings.noName}
        </p>
        <p className="text-accent" data-testid="profile-handle">
          {profile.displayUsername ? `@${profile.displayUsername}` : strings.noId}
        </p>
        <p className="mt-1 text-sm break-all text-ink-muted">{email}</p>
      </div>
      <dl className="grid w-full grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-sunken px-3 py-2">
          <dt className="text-ink-muted">{strings.plan}</dt>
          <dd className="font-semibold text-ink capitalize">{profile.plan}</dd>
        </div>
        <div className="rounded-xl bg-sunken px-3 py-2">
          <dt className="text-ink-muted">{strings.pins}</dt>
          <dd className="font-semibold text-ink">
            {strings.pinsOf(number(profile.usedPinCount), number(profile.pinCount))}
          </dd>
        </div>
      </dl>
      {profile.links.length > 0 && <CardLinks profile={profile} />}
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onEdit}>{strings.edit}</Button>
        {profile.username !== '' && (
          <Link
            href={`/@${profile.username}`}
            className="inline-flex items-center rounded-full border border-line px-5 py-2.5 font-semibold text-ink hover:bg-accent-soft"
          >
            {strings.publicPage}
          </Link>
        )}
      </div>
    </div>
  )
}

/**
 * The profile's links, each verified or not, and "Check links again" (docs/using.md "Verified
 * links"). The outcome of the latest check is announced, wherever it was started.
 */
function CardLinks({ profile }: { profile: Profile }) {
  const strings = useStrings('profile', PROFILE).card
  const t = useMessages()
  const checkLinks = useCheckLinks()
  const latest = useLinkCheck()
  const checking = latest?.status === 'pending'
  const verified = new Set(profile.verifiedLinks)
  const outcome =
    latest?.status === 'error'
      ? t(errorMessage(latest.error))
      : latest?.status === 'success'
        ? strings.checked(verified.size, profile.links.length)
        : ''
  return (
    <section aria-label={strings.links} className="flex w-full flex-col gap-2 text-left">
      <h3 className="text-sm font-semibold text-ink">{strings.links}</h3>
      <ul className="flex flex-col gap-1.5 text-sm">
        {profile.links.map(({ label, url }, index) => (
          <li
            key={index}
            className="flex items-baseline justify-between gap-3 rounded-xl bg-sunken px-3 py-2"
          >
            <bdi className="min-w-0 truncate text-ink">{label}</bdi>
            {verified.has(url) ? (
              <span className="shrink-0 font-semibold text-ink">✓ {strings.verified}</span>
            ) : (
              <span className="shrink-0 text-ink-muted">{strings.notVerified}</span>
            )}
          </li>
        ))}
      </ul>
      {verified.size < profile.links.length && profile.username !== '' && (
        <p className="text-sm text-ink-muted">
          {strings.howTo(new URL(`/@${profile.username}`, window.location.origin).href)}
        </p>
      )}
      <p aria-live="polite" className="min-h-5 text-sm text-ink">
        {checking ? strings.checking : outcome}
      </p>
      <Button
        variant="secondary"
        busy={checking}
        disabled={profile.username === ''}
        onClick={() => checkLinks.mutate()}
      >
        {strings.checkAgain}
      </Button>
    </section>
  )
}
