import { useQuery } from '@tanstack/react-query'
import { queryClient } from '@client/lib/query-client'
import { fetchPasskeys, fetchSignInMethods } from './passkey-api'

const passkeysKey = (uid: string) => ['passkeys', uid]
const signInMethodsKey = (uid: string) => ['sign-in-methods', uid]

/** The account's passkeys, as the panel lists them. */
export const usePasskeys = (uid: string) =>
  useQuery({ queryKey: passkeysKey(uid), queryFn: fetchPasskeys }, queryClient)

/** Whether the account has a password and Google, from /list-accounts. */
export const useSignInMethods = (uid: string) =>
  useQuery({ queryKey: signInMethodsKey(uid), queryFn: fetchSignInMethods }, queryClient)

/** After a passkey or the password came or went: both lists are read again. */
export const signInMethodsChanged = (uid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: passkeysKey(uid) }),
    queryClient.invalidateQueries({ queryKey: signInMethodsKey(uid) }),
  ])
