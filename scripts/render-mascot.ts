// Renders Mofu (src/client/components/art/mofu-mascot.tsx) to the PNGs the app serves as images:
// the default avatar and the happy image shown after an avatar reset. The default avatar also
// gets the renditions a stored avatar has (sizes, formats and encoder of the upload pipeline),
// so a 40 px button need not download the 512 px PNG. Run after changing the art:
//   npx tsx --tsconfig src/client/tsconfig.json scripts/render-mascot.ts
import fs from 'node:fs/promises'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { MofuMascot, type MofuMood } from '../src/client/components/art/mofu-mascot'
import { ENCODE_RENDITION } from '../src/server/avatars/pipeline'
import {
  AVATAR_RENDITION_FORMATS,
  AVATAR_RENDITION_PX,
  avatarRenditionUrl,
  DEFAULT_AVATAR,
} from '../src/shared/avatar-renditions'

const images: [string, MofuMood][] = [
  [DEFAULT_AVATAR, 'calm'],
  ['/images/mofurun-happy.png', 'happy'],
]
const publicFile = (address: string) => path.join('public', address)

for (const [address, mood] of images) {
  const svg = renderToStaticMarkup(createElement(MofuMascot, { mood, size: 512 })).replace(
    '<svg',
    '<svg xmlns="http://www.w3.org/2000/svg" style="background:#ffe0ec"',
  )
  await sharp(Buffer.from(svg))
    .flatten({ background: '#ffe0ec' })
    .resize(512, 512)
    .png({ compressionLevel: 9, palette: true })
    .toFile(publicFile(address))
}

// As for an upload, every rendition comes from the image itself.
const master = await fs.readFile(publicFile(DEFAULT_AVATAR))
for (const px of AVATAR_RENDITION_PX) {
  for (const format of AVATAR_RENDITION_FORMATS) {
    const file = publicFile(avatarRenditionUrl(DEFAULT_AVATAR, px, format) ?? '')
    await fs.mkdir(path.dirname(file), { recursive: true })
    await ENCODE_RENDITION[format](sharp(master).resize(px, px)).toFile(file)
  }
}
