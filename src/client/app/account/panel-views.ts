import { lazyComponent } from '@client/lib/lazy-component'

/**
 * The account panel's views that load on their own, so a visitor who opens the panel to sign in
 * or sign up downloads neither. The signed-in view (profile, avatar, security, account actions):
 * a signed-in user's session preloads it (signed-in-session.ts), so their panel opens
 * without a skeleton.
 */
export const SignedInPanel = lazyComponent(() =>
  import('./signed-in-view').then((module) => module.SignedInView),
)

/** The page the link mailed to a new address opens: confirms the change of address. */
export const EmailChangePanel = lazyComponent(() =>
  import('@client/features/account/email-change-view').then((module) => module.EmailChangeView),
)

/** The page a verification link opens: asks for the password chosen at sign-up. */
export const VerifyEmailPanel = lazyComponent(() =>
  import('@client/features/account/sign-in/verify-email-view').then(
    (module) => module.VerifyEmailView,
  ),
)

/**
 * The new-password form a reset link opens (docs/using.md "Password reset"), with TanStack Query
 * for the link's check.
 */
export const ResetPasswordPanel = lazyComponent(() =>
  import('@client/features/account/sign-in/reset-password-view').then(
    (module) => module.ResetPasswordView,
  ),
)
