import { useEffect } from 'react'

/**
 * Asking before something unsaved is lost: leaving the page (reload, closing the tab, another
 * address) gets the browser's own "Leave site?", and Back or Forward inside the app a confirm()
 * with the question given. Only while a guard is active, so leaving asks nothing when nothing
 * would be lost.
 *
 * Back inside the app is asked through the Navigation API's navigate event, which comes before
 * the address changes and can be cancelled: by popstate the address has already changed, and the
 * app may have drawn the page without the editor. A browser without it asks on leaving the page
 * only.
 */

/** The questions of the guards active now; the latest one is asked. */
const questions: string[] = []

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault()
  // Browsers that predate preventDefault() here ask only when returnValue is set.
  event.returnValue = ''
}

const onNavigate = (event: NavigateEvent) => {
  const question = questions.at(-1)
  if (event.navigationType !== 'traverse' || !event.cancelable || question === undefined) return
  if (!window.confirm(question)) event.preventDefault()
}

function listen(on: boolean) {
  // Older browsers lack it, whatever the DOM types say.
  const { navigation } = window as Partial<Pick<Window, 'navigation'>>
  if (on) {
    window.addEventListener('beforeunload', onBeforeUnload)
    navigation?.addEventListener('navigate', onNavigate)
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload)
    navigation?.removeEventListener('navigate', onNavigate)
  }
}

/** While `unsaved`, leaving asks first; `question` is what Back inside the app asks. */
export function useLeaveGuard(unsaved: boolean, question: string) {
  useEffect(() => {
    if (!unsaved) return
    if (questions.length === 0) listen(true)
    questions.push(question)
    return () => {
      questions.splice(questions.lastIndexOf(question), 1)
      if (questions.length === 0) listen(false)
    }
  }, [unsaved, question])
}
