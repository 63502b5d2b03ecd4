import type { Recovered } from '../../shared/account-recovery'
import { headersLanguage, isLanguage, type Language } from '../../shared/language'
import type { KeptPreferences } from '../../shared/preferences'
import type { Logger } from '../logger'
import { describeUserAgent } from '../user-agent'
import type { Mail, Mailer } from './mailer'
import { passkeyAddedMail, passkeyRemovedMail, passwordRemovedMail } from './sign-in-method-mails'
import {
  accountDeletedMail,
  emailChangedMail,
  newSignInMail,
  passwordChangedMail,
  recoveredMail,
  twoFactorChangedMail,
} from './templates'

interface Owner {
  id: string
  email: string
}

/** What the notices read of the account, given by the layers above. */
export interface NoticeDeps {
  mailer: Mailer
  logger: Logger
  publicUrl: string
  /** The preferences the account keeps (the profile store's). */
  profiles: { preferencesOf(userId: string): Promise<KeptPreferences | null> }
  /**
   * The addresses the account had within the week, other than `current`
   * (stores/address-history.ts).
   */
  previousAddresses(userId: string, current: string): Promise<string[]>
}

/**
 * Mails that tell the owner of an account what just happened to it (docs/using.md "Notices"). They
 * never hold up the answer, and one that cannot be sent is logged: the change itself stands.
 * Each is in the account's chosen language, else in the language of the request that caused it
 * (docs/architecture.md "Languages").
 */
export function accountNotices(deps: NoticeDeps) {
  /** 'en' or 'ja' as chosen in Settings; nothing for 'system' or no choice. */
  const chosenBy = async (userId: string): Promise<Language | undefined> => {
    const { language } = (await deps.profiles.preferencesOf(userId)) ?? {}
    return isLanguage(language) ? language : undefined
  }
  const send = (user: Owner, request: Headers | undefined, mail: (language: Language) => Mail) => {
    const asked = headersLanguage(request)
    chosenBy(user.id)
      // A failed lookup costs only the choice: the notice still goes, in the request's language.
      .catch(() => undefined)
      .then((chosen) => deps.mailer.send(mail(chosen ?? asked)))
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: user.id }, 'account notice not sent')
      })
  }
  /**
   * A change to how the account signs in: to its address and to every address it had within
   * the week, so whoever moved the address cannot keep such changes from the owner.
   */
  const sendAll = (
    user: Owner,
    request: Headers | undefined,
    mail: (to: string, language: Language) => Mail,
  ) => {
    send(user, request, (language) => mail(user.email, language))
    deps.previousAddresses(user.id, user.email).then(
      (previous) => {
        for (const email of previous) send(user, request, (language) => mail(email, language))
      },
      (error: unknown) => {
        deps.logger.warn({ err: error, userId: user.id }, 'account notice not sent')
      },
    )
  }
  /** The account panel, which lists the sessions. */
  const url = `${deps.publicUrl}/?account=true`
  return {
    /**
     * The language a notice to the account takes, read while the account is there: a notice of
     * its deletion is sent once nothing of it is left to read.
     */
    async languageOf(userId: string, request: Headers | undefined): Promise<Language> {
      return (await chosenBy(userId).catch(() => undefined)) ?? headersLanguage(request)
    },
    /** After the owner deleted the account, to the address it had. */
    accountDeleted(to: string, language: Language) {
      deps.mailer.send(accountDeletedMail({ to, language })).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'account notice not sent')
      })
    },
    passwordChanged(user: Owner, request: Headers | undefined) {
      sendAll(user, request, (to, language) => passwordChangedMail({ to, url, language }))
    },
    /** After a recovery that gave back or removed something: what. */
    accountRecovered(user: Owner, recovered: Recovered, request: Headers | undefined) {
      sendAll(user, request, (to, language) => recoveredMail({ to, url, language, recovered }))
    },
    newSignIn(user: Owner, userAgent: string | null | undefined, request: Headers | undefined) {
      const { browser, system } = describeUserAgent(userAgent)
      send(user, request, (language) =>
        newSignInMail({ to: user.email, url, language, browser, system }),
      )
    },
    passkeyAdded(user: Owner, name: string, request: Headers | undefined) {
      sendAll(user, request, (to, language) => passkeyAddedMail({ to, url, language, name }))
    },
    passkeyRemoved(user: Owner, name: string, request: Headers | undefined) {
      sendAll(user, request, (to, language) => passkeyRemovedMail({ to, url, language, name }))
    },
    passwordRemoved(user: Owner, request: Headers | undefined) {
      sendAll(user, request, (to, language) => passwordRemovedMail({ to, url, language }))
    },
    /** To one address the account had (`user.email`), with its own "This wasn't me" link. */
    emailChanged(
      user: Owner,
      change: { at: Date; undoUrl: string; validHours: number },
      request: Headers | undefined,
    ) {
      const { browser, system } = describeUserAgent(request?.get('user-agent'))
      send(user, request, (language) =>
        emailChangedMail({
          to: user.email,
          url: change.undoUrl,
          language,
          validHours: change.validHours,
          at: change.at,
          browser,
          system,
        }),
      )
    },
    twoFactorChanged(user: Owner, on: boolean, request: Headers | undefined) {
      sendAll(user, request, (to, language) => twoFactorChangedMail({ to, url, language, on }))
    },
  }
}

export type AccountNotices = ReturnType<typeof accountNotices>
