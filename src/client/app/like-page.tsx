import { useAuth } from '@client/features/account/auth-state'
import { FavoritesPage } from '@client/features/anime/favorites-page'
import { Board } from '@client/features/board/board'
import { refreshBoard } from '@client/features/board/board-query'
import { BoardFiles } from '@client/features/board/mal-import'
import { profileSaved, useProfile } from '@client/features/profile/profile-query'
import { ThisWeek } from '@client/features/board/this-week'
import { useAccountPanel } from './shell/use-account-panel'

/**
 * /favorites: the Like page (search and hearts) with the signed-in user's board under it, then
 * this week's episodes of the liked titles, the board's import and download, and the account
 * panel to sign in with.
 */
export function LikePage() {
  const auth = useAuth()
  const panel = useAccountPanel()
  const uid = auth.user?.uid ?? null
  return (
    <div className="space-y-10">
      <FavoritesPage
        uid={uid}
        onSignIn={panel.open}
        board={uid === null ? null : <OwnBoard uid={uid} />}
        sessionUnknown={!auth.authReady}
      />
      {uid !== null && <ThisWeek uid={uid} />}
      {uid !== null && <BoardFiles onImported={() => void refreshBoard(uid)} />}
    </div>
  )
}

/**
 * The user's board, with their handle for the links to their public folders ('' for none yet)
 * and their pins this period, kept in the profile as each pin's answer counts them.
 */
function OwnBoard({ uid }: { uid: string }) {
  const profile = useProfile(uid).data
  return (
    <Board
      uid={uid}
      handle={profile?.username ?? ''}
      allowance={profile}
      onAllowance={(allowance) => {
        if (profile !== undefined) profileSaved({ ...profile, ...allowance })
      }}
    />
  )
}
