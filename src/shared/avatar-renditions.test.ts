import { describe, expect, it } from 'vitest'
import { avatarRenditionUrl } from './avatar-renditions'

describe('avatarRenditionUrl', () => {
  const master = 'https://mofu.example/media/avatars/u_1-A?v=0123456789abcdef'

  it('names the rendition beside the master, with the same version', () => {
    expect(avatarRenditionUrl(master, 96, 'avif')).toBe(
      'https://mofu.example/media/avatars/u_1-A/96.avif?v=0123456789abcdef',
    )
    expect(avatarRenditionUrl(master, 384, 'webp')).toBe(
      'https://mofu.example/media/avatars/u_1-A/384.webp?v=0123456789abcdef',
    )
    expect(avatarRenditionUrl('/media/avatars/abc?v=0123456789abcdef', 192, 'avif')).toBe(
      '/media/avatars/abc/192.avif?v=0123456789abcdef',
    )
  })

  it('names the default avatar’s renditions in the public folder named after it', () => {
    expect(avatarRenditionUrl('/images/mofurun.png', 96, 'avif')).toBe('/images/mofurun/96.avif')
    expect(avatarRenditionUrl('/images/mofurun.png', 384, 'webp')).toBe('/images/mofurun/384.webp')
  })

  it('gives none for any other address', () => {
    for (const other of [
      '',
      'default:mofurun',
      '/images/mofurun-happy.png',
      'https://mofu.example/images/mofurun.png',
      'https://mofu.example/media/avatars/abc',
      'https://mofu.example/media/avatars/abc?v=0123',
      'https://mofu.example/media/avatars/a/b?v=0123456789abcdef',
      'https://elsewhere.example/photo.jpg?v=0123456789abcdef',
      'blob:https://mofu.example/5d1c',
    ]) {
      expect(avatarRenditionUrl(other, 96, 'avif'), other).toBeNull()
    }
  })
})
