import { createElement, lazy, useState, type ComponentType, type ReactNode } from 'react'

/** A component whose code loads on demand (React.lazy), with a way to load it ahead of use. */
export interface LazyComponent<P extends object> {
  (props: P): ReactNode
  /** Loads the component's code, so the next mount renders it without suspending. */
  preload: () => Promise<void>
}

/**
 * A component whose code loads on demand; until it has, a mount suspends (render it inside a
 * Suspense boundary). Once loaded (shown before, or preloaded), a new mount renders it at once:
 * a prerendered page then hydrates together with the shell, and a click on it is never dropped
 * while its chunk is still on the way.
 */
export function lazyComponent<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined
  const remember = (component: ComponentType<P>) => (loaded = component)
  const Lazy = lazy(() => load().then((component) => ({ default: remember(component) })))
  function Lazily(props: P) {
    const [Loaded] = useState(() => loaded)
    return Loaded === undefined ? createElement(Lazy, props) : createElement(Loaded, props)
  }
  return Object.assign(Lazily, {
    preload: () =>
      load()
        .then(remember)
        .then(() => undefined),
  })
}
