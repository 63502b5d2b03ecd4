import { api } from '@client/lib/http'

export const deleteAccount = () => api<undefined>('/api/me', { method: 'DELETE' })
