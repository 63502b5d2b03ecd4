import { describe, expect, it } from 'vitest'
import {
  isAppRoute,
  isResetPath,
  languageFile,
  normalizePath,
  pageTitle,
  shellLayout,
} from './routes'

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
  it.each([
    '/',
    '/seeme',
    '/account',
    '/account/reset',
    '/anime',
    '/anime/bgm-1',
    '/anime/op/x',
    '/articles',
    '/cookies/',
  ])('knows %s', (path) => expect(isAppRoute(path)).toBe(true))
  // A title page's path is known; whether the catalog has the title, the server answers.
  it.each(['/nope', '/anime/a/b', '/animex', '/articlesx', '/settings/deep', '/accounts'])(
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

it('titles a page in another language by its label, never a handle, and names its files', () => {
  const labels = { Settings: '設定', Privacy: 'プライバシー', 'Not found': '見つかりません' }
  expect(pageTitle('/settings', labels)).toBe('設定 · Mofu')
  expect(pageTitle('/privacy/', labels)).toBe('プライバシー · Mofu')
  expect(pageTitle('/nowhere', labels)).toBe('見つかりません · Mofu')
  expect(pageTitle('/@Settings', labels)).toBe('@Settings · Mofu')
  expect(pageTitle('/shop', labels)).toBe('Shop · Mofu')
  expect(pageTitle('/anime/bgm-1', { Anime: 'アニメ' })).toBe('アニメ · Mofu')
  expect(pageTitle('/')).toBe('Mofu')
  expect(languageFile('index.html', 'ja')).toBe('index.ja.html')
  expect(languageFile('pages/shell-standard.html', 'ja')).toBe('pages/shell-standard.ja.html')
  expect(languageFile('pages/settings.html', 'en')).toBe('pages/settings.html')
})
