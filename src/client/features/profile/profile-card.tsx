import { Link } from 'wouter'
import type { Profile } from '@shared/profile'
import { Button } from '@client/components/ui'
import { AvatarFrame } from './avatar/avatar-frame'
import { AvatarImage } from './avatar/avatar-image'
import { thumbhashPlaceholder } from './avatar/thumbhash-placeholder'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/** View mode: avatar, name, ID, e-mail, plan and pins. */
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
  return (
    <div className="flex flex-col items-center gap-3 text-center">
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
            {profile.usedPinCount} / {profile.pinCount}
          </dd>
        </div>
      </dl>
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
