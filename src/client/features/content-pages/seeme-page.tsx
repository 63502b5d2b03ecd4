import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'

/** SeeME's words (docs/architecture.md "Languages"). */
export const SEEME = {
  chat: ['Anyone else rewatching spring shows?', 'Always! ✿', 'Tea and episode one, then?'],
  tagline: 'A little chat corner where fans meet, say hello and share what they are watching.',
  soonTitle: 'The chat room is still being decorated',
  soon: [
    'Cushions are being fluffed and the kettle is on. When SeeME opens, you will be able to drop in, see who is around and chat about the shows you love.',
    'Until then, Mofu is keeping your seat warm.',
  ],
  rulesTitle: 'House rules, in advance',
  rules: [
    "Be kind. Everyone here is somebody's favourite person.",
    'Hide spoilers for episodes that aired this week.',
    "Keep it cosy: no spam, no shouting, no sharing other people's private details.",
  ],
}

/** A decorative preview of chat bubbles. */
function ChatPreview({ lines }: { lines: readonly string[] }) {
  return (
    <div aria-hidden="true" className="w-56 space-y-2 text-sm">
      <p className="w-fit rounded-2xl rounded-bl-sm bg-raised px-3 py-2 text-ink shadow-sm">
        {lines[0]}
      </p>
      <p className="ml-auto w-fit rounded-2xl rounded-br-sm bg-accent px-3 py-2 text-surface shadow-sm">
        {lines[1]}
      </p>
      <p className="w-fit rounded-2xl rounded-bl-sm bg-raised px-3 py-2 text-ink shadow-sm">
        {lines[2]}
      </p>
    </div>
  )
}

export function SeeMePage() {
  const strings = useStrings('seeme', SEEME)
  return (
    <div className="space-y-10">
      <PageHero
        title="SeeME"
        tagline={strings.tagline}
        art={<ChatPreview lines={strings.chat} />}
      />
      <ComingSoon title={strings.soonTitle}>
        {strings.soon.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </ComingSoon>
      <PageSection title={strings.rulesTitle}>
        <ul className="list-disc space-y-1 pl-5">
          {strings.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}
