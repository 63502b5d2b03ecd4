import { describe, expect, it } from 'vitest'
import { isAppRoute, isResetPath, normalizePath, shellLayout } from './routes'

describe('shellLayout', () => {
  it.each([
    ['/', { variant: 'standard', footer: true, menuButton: true, avatarButton: true }],
    ['/favorites', { variant: 'standard', footer: false, menuButton: true, avatarButton: true }],
    ['/seeme', { variant: 'standard', footer: true, menuButton: true, avatarButton: false }],
    ['/sakuramap', { variant: 'map', footer: false, menuButton: true, avatarButton: true }],
    ['/shop', { variant: 'standard', footer: false, menuButton: true, avatarButton: true }],
    ['/premium', { variant: 'standard', footer: true, menuButton: true, avatarButton: true }],
    ['/settings', { variant: 'standard', footer: false, menuButton: true, avatarButton: true }],
    ['/master', { variant: 'standard', footer: true, menuButton: true, avatarButton: false }],
    ['/dim25', { variant: 'standard', footer: true, menuButton: true, avatarButton: true }],
    ['/anime/op/42', { variant: 'player', footer: true, menuButton: false, avatarButton: false }],
    ['/articles', { variant: 'articles', footer: true, menuButton: true, avatarButton: false }],
    ['/articles/a/b', { variant: 'articles', footer: true, menuButton: true, avatarButton: false }],
    ['/shop/', { variant: 'standard', footer: false, menuButton: true, avatarButton: true }],
  ])('%s', (path, layout) => {
    expect(shellLayout(path)).toEqual(layout)
  })
})

describe('isAppRoute', () => {
  it.each(['/', '/seeme', '/account', '/account/reset', '/anime/op/x', '/articles', '/cookies/'])(
    'knows %s',
    (path) => expect(isAppRoute(path)).toBe(true),
  )
  it.each(['/nope', '/anime', '/anime/op', '/articlesx', '/settings/deep', '/accounts'])(
    'does not know %s',
    (path) => expect(isAppRoute(path)).toBe(false),
  )
})

it('normalizes trailing slashes and spots reset paths', () => {
  expect(normalizePath('/shop//')).toBe('/shop')
  expect(normalizePath('/')).toBe('/')
  expect(isResetPath('/account/reset')).toBe(true)
  expect(isResetPath('/account')).toBe(false)
})
