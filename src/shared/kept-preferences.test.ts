import { describe, expect, it } from 'vitest'
import { DEFAULT_EFFECTS } from './preferences'
import { ProfileSchema } from './profile'

/** A profile answer as a server gives it, with the preferences it keeps. */
const answerWith = (preferences: unknown) => ({
  uid: 'u1',
  name: 'Sakura',
  username: 'sakura',
  displayUsername: 'Sakura',
  avatar: '',
  avatarThumbhash: '',
  font: 'orbitron',
  pinCount: 0,
  usedPinCount: 0,
  pinResetAt: null,
  plan: 'free',
  preferences,
})

describe('the preferences of a profile answer', () => {
  it('from a later release, with a key, a value and an effect this one does not know, read as the ones it knows', () => {
    const later = {
      theme: 'dark',
      font: 'mincho',
      effects: { ...DEFAULT_EFFECTS, sparkleTrail: true },
      language: 'ja',
      wallpaper: 'sakura',
    }
    expect(ProfileSchema.parse(answerWith(later)).preferences).toEqual({
      theme: 'dark',
      effects: DEFAULT_EFFECTS,
      language: 'ja',
    })
  })

  it('read as none when nothing in them is known or readable, and a theme of null as unchosen', () => {
    expect(ProfileSchema.parse(answerWith(null)).preferences).toBeNull()
    expect(ProfileSchema.parse(answerWith({ wallpaper: 'sakura' })).preferences).toBeNull()
    expect(
      ProfileSchema.parse(answerWith({ theme: null, effects: { hamburgerBounce: true } }))
        .preferences,
    ).toBeNull()
    expect(ProfileSchema.parse(answerWith({ theme: null, font: 'default' })).preferences).toEqual({
      font: 'default',
    })
  })
})
