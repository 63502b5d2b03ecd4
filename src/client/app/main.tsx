import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRoutes, prefetchPages } from './routes'
import './styles.css'

const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <AppRoutes />
  </StrictMode>,
)

// The session is asked for at once, in a chunk of its own, so it never delays the first paint.
void import('./account-session').then((module) => module.startAccountSession())

// Warm the other pages and the account panel once the first page is idle, so opening them feels
// instant without weighing on the first load.
const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1500))
idle(() => prefetchPages())
