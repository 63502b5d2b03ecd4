import { send } from '@client/lib/http'

export const deleteAccount = () => send('/api/me', { method: 'DELETE' })
