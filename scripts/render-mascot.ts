// Renders Mofu (src/client/components/art/mofu-mascot.tsx) to the PNGs the app serves as images: the
// default avatar and the happy image shown after an avatar reset. Run after changing the art:
//   npx tsx --tsconfig src/client/tsconfig.json scripts/render-mascot.ts
import { h } from 'preact'
import { renderToStaticMarkup } from 'preact-render-to-string'
import sharp from 'sharp'
import { MofuMascot, type MofuMood } from '../src/client/components/art/mofu-mascot'

const images: [string, MofuMood][] = [
  ['public/images/mofurun.png', 'calm'],
  ['public/images/mofurun-happy.png', 'happy'],
]
for (const [file, mood] of images) {
  const svg = renderToStaticMarkup(h(MofuMascot, { mood, size: 512 })).replace(
    '<svg',
    '<svg xmlns="http://www.w3.org/2000/svg" style="background:#ffe0ec"',
  )
  await sharp(Buffer.from(svg))
    .flatten({ background: '#ffe0ec' })
    .resize(512, 512)
    .png({ compressionLevel: 9, palette: true })
    .toFile(file)
}
